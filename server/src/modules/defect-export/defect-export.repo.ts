import type { Kysely, Selectable } from 'kysely';
import {
  isLargeDefectExport,
  type DefectExportField,
  type DefectFilter,
  type ExcelState,
  type Language,
} from '@sightline/shared';
import type { Database, InspectionExcelsTable } from '../../platform/db/schema.js';
import { singleFileHooks, type InspectionFileHooks } from '../inspection/inspection-files.js';
import type { EndedFileRecord } from '../team/quota.service.js';

export type InspectionExcelRow = Selectable<InspectionExcelsTable> & { created_by_name: string | null };

/** How an export's job ends its record: done with its file, or failed. */
export type ExcelEnd = {
  state: Exclude<ExcelState, 'generating'>;
  sizeBytes?: number;
  defectCount?: number;
  errorKey?: string;
};

/** Excel exports' files on the team's quota: shown in the bin, moved by a handover, freed by a purge. */
export const excelFiles: InspectionFileHooks = singleFileHooks('inspection_excels');

/** SQL of the Excel export records, and what a workbook names beside its defects (types, components, photos). */
export function createDefectExportRepo(db: Kysely<Database>) {
  const records = () =>
    db
      .selectFrom('inspection_excels as x')
      .innerJoin('inspections as i', 'i.id', 'x.inspection_id')
      .leftJoin('users as u', 'u.id', 'x.created_by')
      .selectAll('x')
      .select('u.name as created_by_name')
      .where('i.deleted_at', 'is', null);

  return {
    insert(values: {
      projectId: number;
      inspectionId: number;
      name: string;
      fields: readonly DefectExportField[];
      customFieldIds: readonly number[];
      thumbnails: boolean;
      filter: Omit<DefectFilter, 'inspectionId'>;
      language: Language;
      defectCount: number;
      flagged: boolean;
      storageKey: (id: number) => string;
      createdBy: number;
    }) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('inspection_excels')
          .values({
            project_id: values.projectId,
            inspection_id: values.inspectionId,
            name: values.name,
            state: 'generating',
            fields: JSON.stringify(values.fields),
            custom_field_ids: JSON.stringify(values.customFieldIds),
            thumbnails: values.thumbnails,
            filter: JSON.stringify(values.filter),
            language: values.language,
            defect_count: values.defectCount,
            flagged: values.flagged,
            // The key names the record, known once it has an id.
            storage_key: '',
            created_by: values.createdBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('inspection_excels')
          .set({ storage_key: values.storageKey(id) })
          .where('id', '=', id)
          .execute();
        return id;
      });
    },

    find(id: number) {
      return records().where('x.id', '=', id).executeTakeFirst();
    },

    async page(scope: { inspectionId: number } | { projectId: number }, paging: { offset: number; limit: number }) {
      const scoped = () =>
        'inspectionId' in scope
          ? records().where('x.inspection_id', '=', scope.inspectionId)
          : records().where('x.project_id', '=', scope.projectId);
      const [rows, total] = await Promise.all([
        scoped().orderBy('x.id', 'desc').offset(paging.offset).limit(paging.limit).execute(),
        scoped()
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    setProgress(id: number, progress: number) {
      return db
        .updateTable('inspection_excels')
        .set({ progress })
        .where('id', '=', id)
        .where('state', '=', 'generating')
        .execute();
    },

    /**
     * Ends a generating record inside `trx` (`quota.endAndCount`, which counts a done record's file against its
     * project's team in the same transaction); undefined when it was deleted (or ended) meanwhile.
     */
    async finish(trx: Kysely<Database>, id: number, end: ExcelEnd): Promise<EndedFileRecord | undefined> {
      const ended = await trx
        .updateTable('inspection_excels as x')
        .from('projects as p')
        .set({
          state: end.state,
          progress: 1,
          size_bytes: end.sizeBytes ?? null,
          error_key: end.errorKey ?? null,
          finished_at: new Date(),
          // The defects may have changed since the export was asked for: the record says what the file holds.
          ...(end.defectCount === undefined
            ? {}
            : { defect_count: end.defectCount, flagged: isLargeDefectExport(end.defectCount) }),
        })
        .whereRef('p.id', '=', 'x.project_id')
        .where('x.id', '=', id)
        .where('x.state', '=', 'generating')
        .returning('p.team_id')
        .executeTakeFirst();
      return ended && { teamId: ended.team_id, fileBytes: end.state === 'done' ? (end.sizeBytes ?? 0) : null };
    },

    /** Deletes the record; answers the bytes its file held (none while it is written), or undefined when gone. */
    async remove(id: number): Promise<number | undefined> {
      const row = await db
        .deleteFrom('inspection_excels')
        .where('id', '=', id)
        .returning('size_bytes')
        .executeTakeFirst();
      return row && Number(row.size_bytes ?? 0);
    },

    /** The team the export's project belongs to now, whose quota its file counts against. */
    async teamOf(projectId: number): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select('team_id')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      return row.team_id;
    },

    /** Names of the types (a built-in type's code too, for the caller's language). */
    typeNames(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('defect_types')
        .select(['id', 'name', 'code', 'built_in'])
        .where('id', 'in', [...ids])
        .execute();
    },

    markerNames(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('space_markers')
        .select(['id', 'name'])
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Where each photo's preview is, and the size of the pixels its defects are drawn in. */
    photos(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('inspection_images')
        .select(['id', 'storage_key', 'has_thumbnail', 'width_px', 'height_px'])
        .where('id', 'in', [...ids])
        .execute();
    },
  };
}

export type DefectExportRepo = ReturnType<typeof createDefectExportRepo>;
