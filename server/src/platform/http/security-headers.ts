import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * What the web app needs and no more: everything comes from our own origin (CesiumJS's workers, WebAssembly,
 * imagery and widget styles are served under /cesium/, tiles and files under /api/).
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  // Cesium compiles its decoders (Draco, KTX2/Basis) from WebAssembly; 'wasm-unsafe-eval' allows that, not eval().
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  // Ant Design writes its CSS-in-JS into <style> elements at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Cesium decodes textures and glTF images through blob: and data: URLs.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'data:', 'blob:'],
  // Cesium starts a worker from a blob: URL when its worker scripts are on another origin.
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Responses the web shows in a frame of its own page (a report's PDF preview): framed by this origin only, never
 * by another site. They are files sent with nosniff and their own type, never HTML of ours.
 */
export const SAME_ORIGIN_FRAMED_PREFIXES: readonly string[] = ['/api/inspection-report/preview/'];

/** A year, subdomains included; sent only on HTTPS responses, as RFC 6797 asks (browsers ignore it over HTTP). */
const HSTS = { maxAge: 365 * 24 * 3600, includeSubDomains: true };

/**
 * Security headers on every response (@fastify/helmet): the policy above, nosniff, no framing, no referrer, and
 * HSTS only when the request came over HTTPS (directly, or from a trusted proxy's X-Forwarded-Proto); the responses
 * of SAME_ORIGIN_FRAMED_PREFIXES may be framed by this origin.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.helmet({ strictTransportSecurity: HSTS });
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAME_ORIGIN_FRAMED_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('x-frame-options', 'SAMEORIGIN');
      // Only the framing rule: Chrome draws a PDF through its viewer's own <embed> and inline styles, which the
      // page policy's object-src 'none' and default-src 'self' would block (crbug.com/271452), leaving the frame empty.
      reply.header('content-security-policy', "frame-ancestors 'self'");
    }
    return payload;
  });
}
