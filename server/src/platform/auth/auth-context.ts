import type { FastifyRequest } from 'fastify';
import { AppError, type ClientType, type Permission, type RoleCode } from '@sightline/shared';

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

/** The caller's current team; a caller in no team (all left, or removed) is told so. */
export function callerTeamId(auth: AuthContext): number {
  if (auth.teamId === null) throw new AppError('USER_NO_TEAM_ERROR');
  return auth.teamId;
}

/** The caller's current team and their role in it. */
export function callerTeam(auth: AuthContext): { teamId: number; role: RoleCode } {
  if (auth.teamId === null || auth.role === null) throw new AppError('USER_NO_TEAM_ERROR');
  return { teamId: auth.teamId, role: auth.role };
}
