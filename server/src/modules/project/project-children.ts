import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { PurgeResult } from '../recycle-bin/recycle-bin.service.js';

/**
 * What the project core asks of each domain that keeps data under a project (the model today; inspections,
 * defects, reports and monitoring next). The core calls these at each step of a project's life without
 * knowing the domains: each registers its hooks once, when the modules are wired.
 */
export interface ProjectChildHooks {
  /** The bytes the domain holds for the project, as the team's quota counts them (the bin shows the total). */
  storedBytes(db: Kysely<Database>, projectId: number): Promise<number>;
  /**
   * Before a handover, once the project reads 'moving': the bytes that move to the target team. Throws an
   * AppError to refuse the handover while the domain's data is changing (an upload underway).
   */
  bytesForHandover(db: Kysely<Database>, projectId: number): Promise<number>;
  /** Inside the handover transaction: the domain's data now belongs to (and counts against) `teamId`. */
  moveToTeam(db: Kysely<Database>, projectId: number, teamId: number): Promise<void>;
  /** Inside the purge transaction, before the project row goes: drops the domain's rows, names what to free. */
  purge(db: Kysely<Database>, projectId: number): Promise<PurgeResult>;
  /**
   * The domain's entities under the project that sit in the recycle bin as items of their own (a binned
   * inspection): when the project goes to the bin their items move inside its item, and come back out on restore.
   */
  binnedItems?(db: Kysely<Database>, projectId: number): Promise<Array<{ kind: string; entityId: number }>>;
}

const children = new Map<string, ProjectChildHooks>();

/** Registers a domain's hooks under its name; registering the same hooks again (a second app in tests) is harmless. */
export function registerProjectChild(name: string, hooks: ProjectChildHooks): void {
  const existing = children.get(name);
  if (existing && existing !== hooks) throw new Error(`Project child "${name}" is registered twice`);
  children.set(name, hooks);
}

/** Every registered domain's hooks, in registration order. */
export function projectChildren(): ProjectChildHooks[] {
  return [...children.values()];
}

/** Adds up what each domain reports for the project. */
export async function sumOverChildren(each: (child: ProjectChildHooks) => Promise<number>): Promise<number> {
  let total = 0;
  for (const child of projectChildren()) total += await each(child);
  return total;
}
