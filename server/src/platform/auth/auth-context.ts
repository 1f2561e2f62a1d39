import type { FastifyRequest } from 'fastify';
import type { ClientType, Permission, RoleCode } from '@sightline/shared';

export interface AuthContext {
  userId: number;
  sessionId: number;
  clientType: ClientType;
  teamId: number | null;
  role: RoleCode | null;
  permissions: readonly Permission[];
}

/**
 * Resolves the caller of a request from its login token, or null when there is none or it is not valid;
 * throws when the user should be told why (a disabled account, a session someone else ended).
 */
export type Authenticate = (request: FastifyRequest) => Promise<AuthContext | null>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
