import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Work another domain does, inside the removal's transaction, when a member leaves a team. */
export type MemberRemovalHook = (trx: Kysely<Database>, teamId: number, userId: number) => Promise<void>;

const hooks = new Set<MemberRemovalHook>();

/**
 * Lets a domain above the team core (projects: the member's project rights) clean up after a member leaves,
 * without the team core importing it.
 */
export function onMemberRemoved(hook: MemberRemovalHook): void {
  hooks.add(hook);
}

export async function runMemberRemovalHooks(trx: Kysely<Database>, teamId: number, userId: number): Promise<void> {
  for (const hook of hooks) await hook(trx, teamId, userId);
}
