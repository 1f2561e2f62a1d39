import { sql, type Kysely } from 'kysely';
import type { DefectFieldItem } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { takenProjectNames } from '../defect-type/defect-type.repo.js';

/** SQL of a project's defect fields. */
export function createDefectFieldRepo(db: Kysely<Database>) {
  return {
    listForProject(projectId: number) {
      return db
        .selectFrom('defect_fields')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    findField(fieldId: number) {
      return db.selectFrom('defect_fields').selectAll().where('id', '=', fieldId).executeTakeFirst();
    },

    /** Which of these names (compared without case) the project's fields already use. */
    takenNames(projectId: number, names: readonly string[], exceptId?: number) {
      return takenProjectNames(db, 'defect_fields', { projectId, names, exceptId });
    },

    /** Appends fields after the project's last one, in the order given. */
    insertMany(projectId: number, fields: readonly DefectFieldItem[]) {
      return db.transaction().execute(async (trx) => {
        const { last } = await trx
          .selectFrom('defect_fields')
          .select((eb) => eb.fn.coalesce(eb.fn.max('sort'), sql<number>`-1`).as('last'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow();
        const rows = await trx
          .insertInto('defect_fields')
          .values(
            fields.map((field, index) => ({
              project_id: projectId,
              name: field.name,
              widget: field.widget,
              options: JSON.stringify(field.options),
              visible_when_marking: field.visibleWhenMarking,
              sort: Number(last) + 1 + index,
            })),
          )
          .returning('id')
          .execute();
        return rows.map((row) => row.id);
      });
    },

    update(fieldId: number, field: DefectFieldItem) {
      return db
        .updateTable('defect_fields')
        .set({
          name: field.name,
          widget: field.widget,
          options: JSON.stringify(field.options),
          visible_when_marking: field.visibleWhenMarking,
          updated_at: new Date(),
        })
        .where('id', '=', fieldId)
        .execute();
    },

    deleteField(fieldId: number) {
      return db.deleteFrom('defect_fields').where('id', '=', fieldId).execute();
    },
  };
}

export type DefectFieldRepo = ReturnType<typeof createDefectFieldRepo>;
export type DefectFieldRow = Awaited<ReturnType<DefectFieldRepo['listForProject']>>[number];
