import type { Kysely } from 'kysely';
import type { CameraView } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

/** SQL of a project's custom name/value data and its saved report camera view. */
export function createProjectCustomRepo(db: Kysely<Database>) {
  return {
    listByProjects(projectIds: readonly number[]) {
      if (projectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('project_customs')
        .select(['id', 'project_id', 'name', 'value'])
        .where('project_id', 'in', [...projectIds])
        .orderBy('project_id')
        .orderBy('id')
        .execute();
    },

    findByIds(ids: readonly number[]) {
      return db
        .selectFrom('project_customs')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Which of these names the project already uses (optionally ignoring one entry). */
    async takenNames(projectId: number, names: readonly string[], exceptId?: number) {
      if (names.length === 0) return [];
      let query = db
        .selectFrom('project_customs')
        .select('name')
        .where('project_id', '=', projectId)
        .where('name', 'in', [...names]);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.execute()).map((row) => row.name);
    },

    async insertMany(projectId: number, items: ReadonlyArray<{ name: string; value: string }>) {
      const rows = await db
        .insertInto('project_customs')
        .values(items.map((item) => ({ project_id: projectId, name: item.name, value: item.value })))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    update(id: number, item: { name: string; value: string }) {
      return db
        .updateTable('project_customs')
        .set({ name: item.name, value: item.value, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    deleteMany(ids: readonly number[]) {
      return db
        .deleteFrom('project_customs')
        .where('id', 'in', [...ids])
        .execute();
    },

    findReportPosition(projectId: number) {
      return db
        .selectFrom('project_report_positions')
        .selectAll()
        .where('project_id', '=', projectId)
        .executeTakeFirst();
    },

    saveReportPosition(projectId: number, view: CameraView, userId: number) {
      const values = { view: JSON.stringify(view), updated_by: userId, updated_at: new Date() };
      return db
        .insertInto('project_report_positions')
        .values({ project_id: projectId, ...values })
        .onConflict((conflict) => conflict.column('project_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type ProjectCustomRepo = ReturnType<typeof createProjectCustomRepo>;
