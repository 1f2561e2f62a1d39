import type { Kysely } from 'kysely';
import type { FilterDimension } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

export interface FilterRangeValues {
  crackLengthMin: number | null;
  crackLengthMax: number | null;
  crackWidthMin: number | null;
  crackWidthMax: number | null;
  areaMin: number | null;
  areaMax: number | null;
}

/** SQL of a project's damage filter range and of what its reports include. */
export function createDiseaseFilterRepo(db: Kysely<Database>) {
  return {
    findRange(projectId: number) {
      return db.selectFrom('defect_filter_ranges').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    },

    saveRange(projectId: number, range: FilterRangeValues, userId: number) {
      const values = {
        crack_length_min: range.crackLengthMin,
        crack_length_max: range.crackLengthMax,
        crack_width_min: range.crackWidthMin,
        crack_width_max: range.crackWidthMax,
        area_min: range.areaMin,
        area_max: range.areaMax,
        updated_by: userId,
        updated_at: new Date(),
      };
      return db
        .insertInto('defect_filter_ranges')
        .values({ project_id: projectId, ...values })
        .onConflict((conflict) => conflict.column('project_id').doUpdateSet(values))
        .execute();
    },

    listReportRanges(projectId: number) {
      return db
        .selectFrom('report_filter_ranges')
        .select(['id', 'dimension', 'min_value', 'max_value'])
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute();
    },

    replaceReportRanges(
      projectId: number,
      ranges: ReadonlyArray<{ dimension: FilterDimension; min: number; max: number }>,
    ) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('report_filter_ranges').where('project_id', '=', projectId).execute();
        await trx
          .insertInto('report_filter_ranges')
          .values(
            ranges.map((range) => ({
              project_id: projectId,
              dimension: range.dimension,
              min_value: range.min,
              max_value: range.max,
            })),
          )
          .execute();
      });
    },

    async listReportTypeIds(projectId: number) {
      const rows = await db
        .selectFrom('report_filter_types')
        .select('defect_type_id')
        .where('project_id', '=', projectId)
        .orderBy('defect_type_id')
        .execute();
      return rows.map((row) => row.defect_type_id);
    },

    replaceReportTypes(projectId: number, typeIds: readonly number[]) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('report_filter_types').where('project_id', '=', projectId).execute();
        if (typeIds.length === 0) return;
        await trx
          .insertInto('report_filter_types')
          .values([...new Set(typeIds)].map((typeId) => ({ project_id: projectId, defect_type_id: typeId })))
          .execute();
      });
    },

    /** Which of these ids are defect types the project can use: built-in ones or its own. */
    async usableTypeIds(projectId: number, typeIds: readonly number[]) {
      if (typeIds.length === 0) return new Set<number>();
      const rows = await db
        .selectFrom('defect_types')
        .select('id')
        .where('id', 'in', [...typeIds])
        .where((eb) => eb.or([eb('project_id', 'is', null), eb('project_id', '=', projectId)]))
        .execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}

export type DiseaseFilterRepo = ReturnType<typeof createDiseaseFilterRepo>;
