import type { SessionEndReason } from '@sightline/shared';
import { hashPassword } from '../../platform/auth/tokens.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { RevokeReason } from '../../platform/db/schema.js';
import type { AuthRepo } from './auth.repo.js';

export interface SessionDeps {
  repo: AuthRepo;
  bus: EventBus;
}

/** How the web explains a session revoked for each reason; a logout is the user's own doing and needs none. */
export const SESSION_END_REASON_OF: Record<Exclude<RevokeReason, 'logout'>, SessionEndReason> = {
  forced: 'LOGIN_REPEATED',
  password: 'PASSWORD_CHANGED',
  disabled: 'USER_ACCOUNT_ABNORMALITY',
};

/**
 * Tells ended sessions to go offline with `reason` (what the web tells the user), so that a page still open
 * on one of them leaves at once.
 */
export function sendOffline(
  bus: EventBus,
  sessions: ReadonlyArray<{ id: number; user_id: number }>,
  reason: SessionEndReason,
): void {
  for (const session of sessions) {
    bus.publish({ userId: session.user_id, sessionId: session.id, name: 'forceOffline', value: { reason } });
  }
}

/** Revokes the sessions `filter` names and sends them offline with the reason the web explains. */
export async function endSessions(
  { repo, bus }: SessionDeps,
  filter: Parameters<AuthRepo['revokeSessions']>[0],
  revokeReason: Exclude<RevokeReason, 'logout'>,
): Promise<void> {
  sendOffline(bus, await repo.revokeSessions(filter, revokeReason), SESSION_END_REASON_OF[revokeReason]);
}

/**
 * Gives the user a new password, which also lifts a lock from wrong passwords, and ends their sessions
 * but `keepSessionId` (the one making the change, if any).
 */
export async function replacePassword(
  deps: SessionDeps,
  input: { userId: number; password: string; keepSessionId?: number },
): Promise<void> {
  await deps.repo.updateUser(input.userId, { password_hash: await hashPassword(input.password) });
  await deps.repo.clearLoginFailures({ userId: input.userId });
  await endSessions(deps, { userId: input.userId, exceptSessionId: input.keepSessionId }, 'password');
}
