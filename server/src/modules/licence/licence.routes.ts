import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, licenceCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { LicenceService } from './licence.service.js';

const tags = ['licence'];
/** A licence file is a few hundred bytes; anything far larger is not one. */
const LICENCE_FILE_MAX_BYTES = 64 * 1024;

/** Calls that stay open without a licence: the licence calls themselves and the API documentation. */
const OPEN_ROUTES = new Set(['/api/license/info', '/api/license/activate']);

function isOpenRoute(routeUrl: string | undefined): boolean {
  if (!routeUrl) return false;
  return OPEN_ROUTES.has(routeUrl) || routeUrl === '/api/docs' || routeUrl.startsWith('/api/docs/');
}

/**
 * Local mode without a valid licence: every API call answers 5012 and the web goes to /authorization.
 * The static web app stays reachable so that page can load. Register before the module routes.
 */
export function registerLicenceGate(app: FastifyInstance, licence: LicenceService): void {
  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (pathname !== '/api' && !pathname.startsWith('/api/')) return;
    // The matched route, not the raw path, decides: no spelling of a path reaches a closed call as an open one.
    if (isOpenRoute(request.routeOptions.url)) return;
    await licence.assertLicensed();
  });
}

async function licenceText(request: FastifyRequest, body: { licence: string } | null | undefined): Promise<string> {
  if (!request.isMultipart()) {
    if (!body) throw new AppError('LICENSE_INFO_EXCEPTION');
    return body.licence;
  }
  const file = await request.file({ limits: { fileSize: LICENCE_FILE_MAX_BYTES } });
  if (!file) throw new AppError('LICENSE_INFO_EXCEPTION');
  try {
    return (await file.toBuffer()).toString('utf8');
  } catch {
    throw new AppError('LICENSE_INFO_EXCEPTION');
  }
}

export function registerLicenceRoutes(router: Router, deps: { licence: LicenceService }): void {
  const { licence } = deps;

  router.public({
    call: licenceCalls.info,
    summary: "The deployment's licence: status, machine code, holder, expiry and licensed functions",
    tags,
    handler: () => licence.info(),
  });

  router.public({
    call: licenceCalls.activate,
    summary: 'Activate a licence file: multipart `file`, or JSON {licence: text}',
    tags,
    rateLimitPerMinute: 20,
    handler: async ({ body, request }) => licence.activate(await licenceText(request, body)),
  });
}
