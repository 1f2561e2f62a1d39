import type { Kysely } from 'kysely';
import { AppError, type Page, type RecycleItem } from '@sightline/shared';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import { verifyPassword } from '../../platform/auth/tokens.js';
import type { Database } from '../../platform/db/schema.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { RecycleBinRepo, RecycleItemQueries } from './recycle-bin.repo.js';

export interface RecyclableSummary {
  name: string;
  /** Bytes the entity and everything under it hold in the store: what purging frees. */
  sizeBytes: number;
  teamId: number;
}

export interface PurgeResult {
  /** Blobs to remove once the rows are gone for good. */
  blobKeys: string[];
  freedBytes: number;
}

/**
 * How one kind of deletable thing goes into the bin, comes back and is purged. Every function gets
 * the database (a transaction) it must use, so one handler serves every database the process opens.
 */
export interface RecyclableHandler {
  /** The entity if it exists and is not deleted; undefined otherwise. */
  loadSummary(db: Kysely<Database>, entityId: number): Promise<RecyclableSummary | undefined>;
  /** Sets `deletedAt` on the entity and on every live row under it; drops nothing. */
  markDeleted(db: Kysely<Database>, entityId: number, deletedAt: Date): Promise<void>;
  /** Clears deleted_at on the rows markDeleted set (those with the entity's own deleted_at). */
  restore(db: Kysely<Database>, entityId: number): Promise<void>;
  /** Drops the entity and everything under it, binned or not, and names the blobs they held. */
  purge(db: Kysely<Database>, entityId: number): Promise<PurgeResult>;
  /**
   * Entities under this one that may already sit in the bin as items of their own (the
   * inspections of a project): their items move inside this one until it is restored.
   */
  binnedDescendants?(db: Kysely<Database>, entityId: number): Promise<Array<{ kind: string; entityId: number }>>;
}

const handlers = new Map<string, RecyclableHandler>();

/**
 * Makes a kind deletable through the bin. Modules register their kinds once, at import; a kind
 * claimed by two different handlers is a programming error.
 */
export function registerRecyclable(kind: string, handler: RecyclableHandler): void {
  const existing = handlers.get(kind);
  if (existing && existing !== handler) throw new Error(`Recyclable kind "${kind}" is registered twice`);
  handlers.set(kind, handler);
}

function handlerFor(kind: string): RecyclableHandler {
  const handler = handlers.get(kind);
  if (!handler) throw new Error(`No recyclable handler for kind "${kind}"`);
  return handler;
}

/** Gives storage back to a team (team/quota.service.ts). */
export interface QuotaRelease {
  release(teamId: number, bytes: number): Promise<unknown>;
}

export interface RecycleBinServiceDeps {
  repo: RecycleBinRepo;
  blobs: BlobStore;
  quota: QuotaRelease;
}

type ItemRow = Awaited<ReturnType<RecycleItemQueries['findTopLevelItems']>>[number];

/** The rows asked for, all in the caller's team, or an error naming the first problem. */
function assertOwnItems(auth: AuthContext, ids: readonly number[], rows: readonly ItemRow[]): void {
  const teamId = callerTeamId(auth);
  if (rows.some((row) => row.team_id !== teamId)) throw new AppError('NO_AUTH');
  if (rows.length !== new Set(ids).size) throw new AppError('notFound');
}

export function createRecycleBinService({ repo, blobs, quota }: RecycleBinServiceDeps) {
  async function assertPassword(auth: AuthContext, password: string): Promise<void> {
    const hash = await repo.findPasswordHash(auth.userId);
    if (!hash || !(await verifyPassword(password, hash))) throw new AppError('USER_PASSWORD_CHECK');
  }

  /** Purges the selected items in one transaction, then frees their storage and blobs. */
  async function purge(select: (items: RecycleItemQueries) => Promise<ItemRow[]>) {
    const purged = await repo.transaction(async (items, trx) => {
      const rows = await select(items);
      const results: Array<PurgeResult & { teamId: number }> = [];
      for (const row of rows) {
        const result = await handlerFor(row.kind).purge(trx, row.entity_id);
        await items.deleteItem(row.id);
        results.push({ ...result, teamId: row.team_id });
      }
      return results;
    });
    let freedBytes = 0;
    for (const result of purged) {
      // The rows are gone for good now; storage follows (a failure here leaves an orphan blob, not a lost row).
      if (result.freedBytes > 0) await quota.release(result.teamId, result.freedBytes);
      await Promise.all(result.blobKeys.map((key) => blobs.delete(key)));
      freedBytes += result.freedBytes;
    }
    return { count: purged.length, freedBytes };
  }

  return {
    /**
     * Deletes an entity through the bin: it and everything its handler cascades to keep their rows
     * with a deleted_at, and one item records it for restore or purge.
     */
    async moveToBin(input: { auth: AuthContext; kind: string; entityId: number }): Promise<{ itemId: number }> {
      const handler = handlerFor(input.kind);
      const teamId = callerTeamId(input.auth);
      return repo.transaction(async (items, trx) => {
        const summary = await handler.loadSummary(trx, input.entityId);
        if (!summary) throw new AppError('notFound');
        if (summary.teamId !== teamId) throw new AppError('NO_AUTH');
        const deletedAt = new Date();
        await handler.markDeleted(trx, input.entityId, deletedAt);
        const itemId = await items.insertItem({
          teamId,
          kind: input.kind,
          entityId: input.entityId,
          name: summary.name,
          sizeBytes: summary.sizeBytes,
          deletedBy: input.auth.userId,
          deletedAt,
        });
        const descendants = (await handler.binnedDescendants?.(trx, input.entityId)) ?? [];
        await items.adoptItems(itemId, teamId, descendants);
        return { itemId };
      });
    },

    async list(
      auth: AuthContext,
      query: { pageNum: number; pageSize: number; kind?: string | undefined; keyword?: string | undefined },
    ): Promise<Page<RecycleItem>> {
      const { rows, total } = await repo.pageItems(
        { teamId: callerTeamId(auth), kind: query.kind, keyword: query.keyword },
        query,
      );
      return {
        records: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          name: row.name,
          sizeBytes: Number(row.size_bytes),
          deletedBy: { userId: row.deleted_by, name: row.deleted_by_name ?? '' },
          deletedAt: row.deleted_at.toISOString(),
        })),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    totalSize(auth: AuthContext) {
      return repo.totalSize(callerTeamId(auth));
    },

    /** Brings the items back with the same ids and data; items they contained return to the bin's top level. */
    async restore(auth: AuthContext, ids: number[]) {
      const count = await repo.transaction(async (items, trx) => {
        const rows = await items.findTopLevelItems(ids);
        assertOwnItems(auth, ids, rows);
        for (const row of rows) {
          await handlerFor(row.kind).restore(trx, row.entity_id);
          await items.releaseChildren(row.id);
          await items.deleteItem(row.id);
        }
        return rows.length;
      });
      return { count };
    },

    async deletePermanently(auth: AuthContext, input: { ids: number[]; password: string }) {
      await assertPassword(auth, input.password);
      return purge(async (items) => {
        const rows = await items.findTopLevelItems(input.ids);
        assertOwnItems(auth, input.ids, rows);
        return rows;
      });
    },

    async clean(auth: AuthContext, password: string) {
      const teamId = callerTeamId(auth);
      await assertPassword(auth, password);
      return purge((items) => items.findTeamTopLevelItems(teamId));
    },
  };
}

export type RecycleBinService = ReturnType<typeof createRecycleBinService>;
