import { sql, type Kysely } from 'kysely';
import type { DefectShapeKind } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

/**
 * Which of these names (compared without case) the project's own rows of a defect configuration table
 * already use, leaving out the row `exceptId`.
 */
export async function takenProjectNames(
  db: Kysely<Database>,
  table: 'defect_types' | 'defect_fields',
  input: { projectId: number; names: readonly string[]; exceptId?: number | undefined },
): Promise<string[]> {
  if (input.names.length === 0) return [];
  let query = db
    .selectFrom(table)
    .select('name')
    .where('project_id', '=', input.projectId)
    .where(
      sql<string>`lower(name)`,
      'in',
      input.names.map((name) => name.toLowerCase()),
    );
  if (input.exceptId !== undefined) query = query.where('id', '!=', input.exceptId);
  return (await query.execute()).map((row) => row.name);
}

/** SQL of defect types: the built-in ones (no project) and each project's own. */
export function createDefectTypeRepo(db: Kysely<Database>) {
  return {
    /** The built-in types and the project's own, built-in first in their fixed order. */
    listForProject(projectId: number) {
      return db
        .selectFrom('defect_types')
        .selectAll()
        .where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '=', projectId)]))
        .orderBy('built_in', 'desc')
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    findType(typeId: number) {
      return db.selectFrom('defect_types').selectAll().where('id', '=', typeId).executeTakeFirst();
    },

    /** Which of these names (compared without case) the project's own types already use. */
    takenNames(projectId: number, names: readonly string[], exceptId?: number) {
      return takenProjectNames(db, 'defect_types', { projectId, names, exceptId });
    },

    async insertMany(
      projectId: number,
      items: ReadonlyArray<{ name: string; color: string; shapeKind: DefectShapeKind; visibleOnAdd: boolean }>,
    ) {
      const rows = await db
        .insertInto('defect_types')
        .values(
          items.map((item) => ({
            project_id: projectId,
            name: item.name,
            color: item.color.toUpperCase(),
            shape_kind: item.shapeKind,
            visible_on_add: item.visibleOnAdd,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    update(typeId: number, values: { name?: string; color?: string; visible_on_add?: boolean }) {
      return db
        .updateTable('defect_types')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', typeId)
        .execute();
    },

    deleteType(typeId: number) {
      return db.deleteFrom('defect_types').where('id', '=', typeId).execute();
    },

    /**
     * Whether anything uses the type: defects, key defects, and whatever later modules add. Those tables belong to
     * modules registered after this one, so they are found at query time, as every column that references
     * defect_types by a foreign key that forbids the deletion (settings that name the type go with it, by cascade).
     */
    async isBoundToDefects(typeId: number) {
      const { rows: references } = await sql<{ table_name: string; column_name: string }>`
        select c.conrelid::regclass::text as table_name, a.attname as column_name
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid = to_regclass('defect_types') and c.confdeltype in ('a', 'r')`.execute(
        db,
      );
      for (const { table_name: table, column_name: column } of references) {
        const { rows } = await sql<{ bound: boolean }>`
          select exists (select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${typeId}) as bound`.execute(db);
        if (rows[0]?.bound) return true;
      }
      return false;
    },
  };
}

export type DefectTypeRepo = ReturnType<typeof createDefectTypeRepo>;
export type DefectTypeRow = Awaited<ReturnType<DefectTypeRepo['listForProject']>>[number];
