import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { likePattern } from '../../platform/db/sql-helpers.js';

function recycleItemQueries(db: Kysely<Database>) {
  return {
    async insertItem(item: {
      teamId: number;
      kind: string;
      entityId: number;
      name: string;
      sizeBytes: number;
      deletedBy: number;
      deletedAt: Date;
    }) {
      const row = await db
        .insertInto('recycle_items')
        .values({
          team_id: item.teamId,
          kind: item.kind,
          entity_id: item.entityId,
          name: item.name,
          size_bytes: Math.max(0, Math.round(item.sizeBytes)),
          deleted_by: item.deletedBy,
          deleted_at: item.deletedAt,
          parent_item_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Puts the team's top-level items of these entities under `parentItemId`. */
    async adoptItems(
      parentItemId: number,
      teamId: number,
      entities: ReadonlyArray<{ kind: string; entityId: number }>,
    ) {
      const idsByKind = new Map<string, number[]>();
      for (const entity of entities) {
        const ids = idsByKind.get(entity.kind) ?? [];
        ids.push(entity.entityId);
        idsByKind.set(entity.kind, ids);
      }
      for (const [kind, entityIds] of idsByKind) {
        await db
          .updateTable('recycle_items')
          .set({ parent_item_id: parentItemId })
          .where('team_id', '=', teamId)
          .where('parent_item_id', 'is', null)
          .where('id', '!=', parentItemId)
          .where('kind', '=', kind)
          .where('entity_id', 'in', entityIds)
          .execute();
      }
    },

    releaseChildren(parentItemId: number) {
      return db
        .updateTable('recycle_items')
        .set({ parent_item_id: null })
        .where('parent_item_id', '=', parentItemId)
        .execute();
    },

    /** Top-level items by id, locked (items inside another item are reached only through it). */
    findTopLevelItems(ids: readonly number[]) {
      return db
        .selectFrom('recycle_items')
        .select(['id', 'team_id', 'kind', 'entity_id', 'size_bytes'])
        .where('id', 'in', ids)
        .where('parent_item_id', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    findTeamTopLevelItems(teamId: number) {
      return db
        .selectFrom('recycle_items')
        .select(['id', 'team_id', 'kind', 'entity_id', 'size_bytes'])
        .where('team_id', '=', teamId)
        .where('parent_item_id', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Child items go with it (foreign key on delete cascade). */
    deleteItem(id: number) {
      return db.deleteFrom('recycle_items').where('id', '=', id).execute();
    },

    async pageItems(
      filter: { teamId: number; kind?: string | undefined; keyword?: string | undefined },
      page: {
        pageNum: number;
        pageSize: number;
      },
    ) {
      let query = db
        .selectFrom('recycle_items')
        .where('recycle_items.team_id', '=', filter.teamId)
        .where('recycle_items.parent_item_id', 'is', null);
      if (filter.kind) query = query.where('recycle_items.kind', '=', filter.kind);
      if (filter.keyword) query = query.where('recycle_items.name', 'ilike', likePattern(filter.keyword));
      const [rows, total] = await Promise.all([
        query
          .leftJoin('users', 'users.id', 'recycle_items.deleted_by')
          .select([
            'recycle_items.id',
            'recycle_items.kind',
            'recycle_items.name',
            'recycle_items.size_bytes',
            'recycle_items.deleted_by',
            'recycle_items.deleted_at',
            'users.name as deleted_by_name',
          ])
          .orderBy('recycle_items.deleted_at', 'desc')
          .orderBy('recycle_items.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    async totalSize(teamId: number) {
      const row = await db
        .selectFrom('recycle_items')
        .select([
          sql<string>`coalesce(sum(size_bytes), 0)`.as('total_bytes'),
          (eb) => eb.fn.countAll<string>().as('count'),
        ])
        .where('team_id', '=', teamId)
        .where('parent_item_id', 'is', null)
        .executeTakeFirstOrThrow();
      return { totalBytes: Number(row.total_bytes), count: Number(row.count) };
    },

    async findPasswordHash(userId: number) {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.password_hash;
    },
  };
}

export type RecycleItemQueries = ReturnType<typeof recycleItemQueries>;

/**
 * For a project's handover (inside its transaction): the team's top-level items of these entities move to `teamId`,
 * the team that now owns what they belong to.
 */
export async function moveRecycleItemsToTeam(
  db: Kysely<Database>,
  kind: string,
  entityIds: readonly number[],
  teamId: number,
): Promise<void> {
  if (entityIds.length === 0) return;
  await db
    .updateTable('recycle_items')
    .set({ team_id: teamId })
    .where('kind', '=', kind)
    .where('entity_id', 'in', entityIds)
    .where('parent_item_id', 'is', null)
    .execute();
}

/** SQL of the recycle bin: its items, and the caller's password hash for permanent deletion. */
export function createRecycleBinRepo(db: Kysely<Database>) {
  return {
    ...recycleItemQueries(db),
    /** Runs `work` in one transaction: queries bound to it, and the transaction for the kind handlers. */
    transaction<T>(work: (repo: RecycleItemQueries, trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(recycleItemQueries(trx), trx));
    },
  };
}

export type RecycleBinRepo = ReturnType<typeof createRecycleBinRepo>;
