import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.js';
import type { Authenticate } from '../auth/auth-context.js';
import { createRouter } from '../http/route.js';
import { registerUploadKinds, uploadsFolder, type UploadKind } from '../uploads/resumable-uploads.js';
import {
  CALLER,
  FEATURE_CHECK,
  LINK_CALLER,
  type ModuleContext,
  type ModuleDefinition,
  type Provision,
} from './module-definition.js';

/**
 * Registers `modules` in order, each with its own context, and serves their upload kinds (with `extraUploadKinds`,
 * which tests add) once all have registered. Returns how a request's caller is resolved, for the event stream.
 */
export function registerModules(
  app: FastifyInstance,
  services: AppServices,
  modules: readonly ModuleDefinition[],
  extraUploadKinds: readonly UploadKind[],
): { authenticate: Authenticate } {
  const uploadsRoot = path.join(services.config.DATA_DIR, 'uploads');
  const uploadKinds = [...extraUploadKinds];
  const provided = new Map<string, { value: unknown; by: string }>();
  const askedLater: Array<{ name: string; by: string }> = [];

  function lookup<T>(key: Provision<T>, by: string): T {
    const provision = provided.get(key.name);
    if (!provision) throw new Error(`Module "${by}" uses "${key.name}", which no module registered before it provides`);
    return provision.value as T;
  }
  function later<T>(key: Provision<T>, by: string): () => T {
    askedLater.push({ name: key.name, by });
    return () => lookup(key, by);
  }

  // The router exists before the modules that answer who is calling, so it asks them when a request comes.
  const caller = later(CALLER, 'platform');
  const authenticate: Authenticate = (request) => caller()(request);
  // A worker answers no request: without a router, the modules' routes and upload kinds are left out there.
  const router = services.config.SIGHTLINE_ROLE === 'worker' ? null : createPlatformRouter();
  function createPlatformRouter() {
    const linkCaller = later(LINK_CALLER, 'platform');
    const featureCheck = later(FEATURE_CHECK, 'platform');
    return createRouter(app, {
      authenticate,
      authenticateLink: (request) => linkCaller()(request),
      checkFeature: (auth, feature) => featureCheck()(auth, feature),
    });
  }

  for (const module of modules) {
    const context: ModuleContext = {
      ...services,
      app,
      log: app.log,
      routes: (add) => {
        if (router) add(router);
      },
      uploads: {
        add: (kind) => uploadKinds.push(kind),
        folderOf: (kind) => uploadsFolder(uploadsRoot, kind),
      },
      provide: (key, value) => {
        const existing = provided.get(key.name);
        if (existing) throw new Error(`"${key.name}" is provided by both "${existing.by}" and "${module.name}"`);
        provided.set(key.name, { value, by: module.name });
      },
      use: (key) => lookup(key, module.name),
      useLater: (key) => later(key, module.name),
    };
    module.register(context);
  }
  for (const { name, by } of askedLater) {
    if (!provided.has(name)) throw new Error(`Module "${by}" uses "${name}", which no module provides`);
  }
  if (router) registerUploadKinds(app, uploadKinds, { uploadsRoot, log: app.log, router });
  return { authenticate };
}
