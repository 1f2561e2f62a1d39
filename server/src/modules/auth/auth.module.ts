import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/auth/bearer.js';
import { createFileLinks, loadFileLinkSecret, registerFileLinkRoute } from '../../platform/http/file-links.js';
import {
  CALLER,
  LINK_CALLER,
  defineProvision,
  type ModuleDefinition,
} from '../../platform/modules/module-definition.js';
import { PROJECT_VERSION } from '../../version.js';
import { createAuthRepo, type AuthRepo } from './auth.repo.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAuthService, type AuthService } from './auth.service.js';
import { cacheSessionLookups } from './session-cache.js';

/** Defaults for a team created at registration; sales managers raise them (SPEC section 1). */
const NEW_TEAM_LIMITS = { memberMax: 10, volumeMaxGb: 10 };

const HOUR_MS = 3600 * 1000;

/** Sessions and accounts, for the modules that manage users; `repo` reads through the session cache. */
export const AUTH = defineProvision<{ auth: AuthService; repo: AuthRepo }>('auth');

/** Sign-in, sessions and signed file links; it tells the router who is calling. */
export const authModule: ModuleDefinition = {
  name: 'auth',
  register(context) {
    const { config, database } = context;
    // Who is calling and what they may do is read from memory between writes to the tables it comes from.
    // With split roles other processes write these tables too; their notices reach this process on the bus.
    const sessionLookups = cacheSessionLookups(createAuthRepo(database.db), database.writes, {
      ...(config.SIGHTLINE_ROLE === 'all' ? {} : { peers: context.bus }),
    });
    context.app.addHook('onClose', async () => sessionLookups.close());
    const repo = sessionLookups.repo;
    const auth = createAuthService({
      repo,
      bus: context.bus,
      sms: context.sms,
      settings: {
        smsCaptcha: config.SMS_CAPTCHA,
        deployment: config.LOCAL_MODE ? 'local' : 'hosted',
        projectVersion: PROJECT_VERSION,
        storage: { ip: config.PUBLIC_HOST ?? 'localhost', port: config.PORT },
        newTeam: NEW_TEAM_LIMITS,
        sessions: { idleMs: config.SESSION_IDLE_HOURS * HOUR_MS, maxAgeMs: config.SESSION_MAX_AGE_HOURS * HOUR_MS },
      },
    });
    context.provide(AUTH, { auth, repo });
    context.provide(CALLER, async (request: FastifyRequest) => {
      request.auth = await auth.authenticate(bearerToken(request));
      return request.auth;
    });
    context.routes((router) => {
      const fileLinks = createFileLinks({
        secret: loadFileLinkSecret(config),
        authenticateSession: (sessionId, userId) => auth.authenticateSession(sessionId, userId),
      });
      context.provide(LINK_CALLER, async (request) => {
        request.auth = await fileLinks.authenticate(request);
        return request.auth;
      });
      registerAuthRoutes(router, { auth });
      registerFileLinkRoute(router, fileLinks);
    });
  },
};
