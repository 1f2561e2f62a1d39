import { hashPassword } from '../../platform/auth/tokens.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { AuthRepo } from './auth.repo.js';

export interface SessionDeps {
  repo: AuthRepo;
  bus: EventBus;
}

/**
 * Tells ended sessions to go offline with `reason` (what the web tells the user), so that a page still open
 * on one of them leaves at once.
 */
export function sendOffline(
  bus: EventBus,
  sessions: ReadonlyArray<{ id: number; user_id: number }>,
  reason: string,
): void {
  for (const session of sessions) {
    bus.publish({ userId: session.user_id, sessionId: session.id, name: 'forceOffline', value: { reason } });
  }
}

/** Revokes the sessions `filter` names and sends them offline with `reason`. */
export async function endSessions(
  { repo, bus }: SessionDeps,
  filter: Parameters<AuthRepo['revokeSessions']>[0],
  revokeReason: Parameters<AuthRepo['revokeSessions']>[1],
  reason: string,
): Promise<void> {
  sendOffline(bus, await repo.revokeSessions(filter, revokeReason), reason);
}

/**
 * Gives the user a new password, which also lifts a lock from wrong passwords, and ends their sessions
 * but `keepSessionId` (the one making the change, if any).
 */
export async function replacePassword(
  deps: SessionDeps,
  input: { userId: number; password: string; keepSessionId?: number },
): Promise<void> {
  await deps.repo.updateUser(input.userId, {
    password_hash: await hashPassword(input.password),
    failed_login_count: 0,
    failed_login_at: null,
  });
  await endSessions(
    deps,
    { userId: input.userId, exceptSessionId: input.keepSessionId },
    'password',
    'PASSWORD_CHANGED',
  );
}
