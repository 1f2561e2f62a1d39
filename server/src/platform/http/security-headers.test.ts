import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.js';

describe('security headers', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // Trusting the forwarded protocol here stands for a deployment behind a trusted TLS proxy.
    app = Fastify({ trustProxy: true });
    await registerSecurityHeaders(app);
    app.get('/page', async () => 'ok');
    app.get('/api/inspection-report/preview/7', async () => 'pdf');
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the content security policy, nosniff, no framing and no referrer', async () => {
    const response = await app.inject({ method: 'GET', url: '/page' });
    const policy = String(response.headers['content-security-policy']);
    const directives = Object.fromEntries(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      'worker-src': ["'self'", 'blob:'],
      'img-src': ["'self'", 'data:', 'blob:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    // Neither inline scripts nor eval; and no forced upgrade, which would break a plain-HTTP deployment.
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends HSTS over HTTPS only', async () => {
    const plain = await app.inject({ method: 'GET', url: '/page' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({ method: 'GET', url: '/page', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(secure.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
  });

  it("lets this origin alone frame a report's preview; every other response stays unframed", async () => {
    const preview = await app.inject({ method: 'GET', url: '/api/inspection-report/preview/7' });
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Nothing more: object-src 'none' or default-src 'self' would stop Chrome's PDF viewer drawing in the frame.
    expect(preview.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    const page = await app.inject({ method: 'GET', url: '/page' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
