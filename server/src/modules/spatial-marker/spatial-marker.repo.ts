import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, SpaceMarkersTable } from '../../platform/db/schema.js';

export type MarkerNodeRow = Selectable<SpaceMarkersTable>;

/** Pairs (root, id) of every node of a project and each node at or below it: all subtrees in one pass. */
function subtreeOf(db: Kysely<Database>, projectId: number) {
  return sql<{ root: number; id: number }>`
    with recursive sub(root, id) as (
      select id, id from space_markers where project_id = ${projectId}
      union all
      select sub.root, m.id from space_markers m join sub on m.parent_id = sub.id
    )
    select root, id from sub`;
}

function markerQueries(db: Kysely<Database>) {
  return {
    findNode(id: number) {
      return db.selectFrom('space_markers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findNodes(projectId: number, ids: readonly number[]) {
      return db
        .selectFrom('space_markers')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', 'in', ids)
        .execute();
    },

    /** A project's nodes (children of `parentId` when given, null for the top level), in tree order. */
    listNodes(projectId: number, filter: { parentId?: number | null; kind?: 'group' | 'marker' } = {}) {
      let query = db.selectFrom('space_markers').selectAll().where('project_id', '=', projectId);
      if (filter.parentId !== undefined) query = query.where('parent_id', 'is not distinct from', filter.parentId);
      if (filter.kind) query = query.where('kind', '=', filter.kind);
      return query
        .orderBy('parent_id', (ob) => ob.nullsFirst())
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    async childCounts(projectId: number): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('space_markers')
        .select(['parent_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('project_id', '=', projectId)
        .where('parent_id', 'is not', null)
        .groupBy('parent_id')
        .execute();
      return new Map(rows.map((row) => [row.parent_id!, Number(row.n)]));
    },

    /**
     * Distinct photos bound to each node's markers (a marker's own, a group's below it), of live inspections, or of
     * one inspection. Nodes without any are absent.
     */
    async imageCounts(projectId: number, inspectionId?: number): Promise<Map<number, number>> {
      const { rows } = await sql<{ root: number; n: string }>`
        select sub.root, count(distinct a.image_id) as n
        from (${subtreeOf(db, projectId)}) sub
        join space_image_assocs a on a.marker_id = sub.id
        join inspections i on i.id = a.inspection_id and i.deleted_at is null
        ${inspectionId === undefined ? sql`` : sql`where a.inspection_id = ${inspectionId}`}
        group by sub.root`.execute(db);
      return new Map(rows.map((row) => [row.root, Number(row.n)]));
    },

    /** The nodes `ids` and every node below them. */
    async subtreeIds(projectId: number, ids: readonly number[]): Promise<number[]> {
      const { rows } = await sql<{ id: number }>`
        select distinct sub.id from (${subtreeOf(db, projectId)}) sub where sub.root in (${sql.join(ids)})`.execute(db);
      return rows.map((row) => row.id);
    },

    /** Bindings of photos (of any inspection, binned or not) to these nodes. */
    async bindingCount(nodeIds: readonly number[]): Promise<number> {
      const row = await db
        .selectFrom('space_image_assocs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('marker_id', 'in', nodeIds)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Names already used among the children of `parentId`, other than the nodes `except`. */
    async siblingNames(projectId: number, parentId: number | null, except: readonly number[] = []) {
      let query = db
        .selectFrom('space_markers')
        .select('name')
        .where('project_id', '=', projectId)
        .where('parent_id', 'is not distinct from', parentId);
      if (except.length > 0) query = query.where('id', 'not in', except);
      return new Set((await query.execute()).map((row) => row.name));
    },

    /** Which of `codes` markers of the project already have, other than the marker `exceptId`. */
    async codesTaken(projectId: number, codes: readonly string[], exceptId?: number): Promise<string[]> {
      if (codes.length === 0) return [];
      let query = db
        .selectFrom('space_markers')
        .select('code')
        .where('project_id', '=', projectId)
        .where('code', 'in', codes);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.execute()).map((row) => row.code!);
    },

    /** The sort value after the last child of `parentId`. */
    async nextSort(projectId: number, parentId: number | null): Promise<number> {
      const row = await db
        .selectFrom('space_markers')
        .select(sql<number>`coalesce(max(sort), -1) + 1`.as('next'))
        .where('project_id', '=', projectId)
        .where('parent_id', 'is not distinct from', parentId)
        .executeTakeFirstOrThrow();
      return Number(row.next);
    },

    insertNodes(values: ReadonlyArray<Insertable<SpaceMarkersTable>>) {
      return db.insertInto('space_markers').values(values).returningAll().execute();
    },

    updateNode(id: number, values: Updateable<SpaceMarkersTable>) {
      return db
        .updateTable('space_markers')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Gives the nodes, in this order, the sort values 0, 1, 2 ... */
    async setOrder(ids: readonly number[]): Promise<void> {
      const order = sql.join(ids.map((id, index) => sql`(${id}::integer, ${index}::integer)`));
      await sql`update space_markers m set sort = o.sort, updated_at = now()
        from (values ${order}) as o(id, sort) where m.id = o.id`.execute(db);
    },

    /** Renames nodes in one statement, so that siblings may swap names (the name index is checked per statement). */
    async rename(items: ReadonlyArray<{ id: number; name: string }>): Promise<MarkerNodeRow[]> {
      const names = sql.join(items.map((item) => sql`(${item.id}::integer, ${item.name}::varchar)`));
      const { rows } = await sql<MarkerNodeRow>`update space_markers m set name = v.name, updated_at = now()
        from (values ${names}) as v(id, name) where m.id = v.id returning m.*`.execute(db);
      return rows;
    },

    deleteNodes(ids: readonly number[]) {
      return db.deleteFrom('space_markers').where('id', 'in', ids).execute();
    },

    /** Raises the project's marker version; returns the new one. */
    async bumpVersion(projectId: number): Promise<number> {
      const row = await db
        .insertInto('space_marker_versions')
        .values({ project_id: projectId, version: 1 })
        .onConflict((oc) =>
          oc.column('project_id').doUpdateSet({ version: sql<number>`space_marker_versions.version + 1` }),
        )
        .returning('version')
        .executeTakeFirstOrThrow();
      return row.version;
    },

    async version(projectId: number): Promise<number> {
      const row = await db
        .selectFrom('space_marker_versions')
        .select('version')
        .where('project_id', '=', projectId)
        .executeTakeFirst();
      return row?.version ?? 0;
    },

    /** The project's markers that have been placed on the model. */
    markersWithPosition(projectId: number) {
      return db
        .selectFrom('space_markers')
        .select(['id', 'lon', 'lat', 'height'])
        .where('project_id', '=', projectId)
        .where('kind', '=', 'marker')
        .where('lon', 'is not', null)
        .orderBy('id')
        .execute();
    },
  };
}

export type MarkerQueries = ReturnType<typeof markerQueries>;

/** SQL of the spatial marker tree (`space_markers`) and the project's marker version. */
export function createMarkerRepo(db: Kysely<Database>) {
  return {
    ...markerQueries(db),
    transaction<T>(work: (q: MarkerQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(markerQueries(trx)));
    },
  };
}

export type MarkerRepo = ReturnType<typeof createMarkerRepo>;

/** A purged project's markers go, and their bindings with them (foreign keys). */
export async function purgeProjectMarkers(db: Kysely<Database>, projectId: number): Promise<void> {
  await db.deleteFrom('space_marker_versions').where('project_id', '=', projectId).execute();
  await db.deleteFrom('space_markers').where('project_id', '=', projectId).execute();
}
