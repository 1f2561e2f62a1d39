import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../app.js';
import { PROJECT_VERSION } from '../version.js';
import type { AuthContext } from '../platform/auth/auth-context.js';
import { bearerToken } from '../platform/auth/bearer.js';
import { createRouter } from '../platform/http/route.js';
import { createAuthRepo } from './auth/auth.repo.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { createAuthService } from './auth/auth.service.js';

/** Defaults for a team created at registration; sales managers raise them (SPEC section 1). */
export const NEW_TEAM_LIMITS = { memberMax: 10, volumeMaxGb: 10 };

/** Wires every domain module: repositories, then services, then routes. */
export function registerModules(app: FastifyInstance, services: AppServices) {
  const { config, database, bus, sms } = services;
  const authRepo = createAuthRepo(database.db);
  const auth = createAuthService({
    repo: authRepo,
    bus,
    sms,
    settings: {
      smsCaptcha: config.SMS_CAPTCHA,
      projectVersion: PROJECT_VERSION,
      storage: { ip: config.PUBLIC_HOST ?? 'localhost', port: config.PORT },
      newTeam: NEW_TEAM_LIMITS,
    },
  });

  const authenticate = async (request: FastifyRequest): Promise<AuthContext | null> => {
    request.auth = await auth.authenticate(bearerToken(request));
    return request.auth;
  };
  const router = createRouter(app, { authenticate });

  registerAuthRoutes(router, { auth, repo: authRepo });

  return { authenticate, auth };
}
