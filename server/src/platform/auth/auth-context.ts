import type { ClientType, Permission, RoleCode } from '@sightline/shared';

export interface AuthContext {
  userId: number;
  sessionId: number;
  clientType: ClientType;
  teamId: number | null;
  role: RoleCode | null;
  permissions: readonly Permission[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
