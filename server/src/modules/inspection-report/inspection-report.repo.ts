import { sql, type Kysely, type Selectable } from 'kysely';
import {
  MONITORING_TEMPLATE,
  type DefectExportField,
  type Language,
  type MonitorReportConfig,
  type ReportKind,
  type ReportSection,
  type ReportState,
} from '@sightline/shared';
import type { Database, InspectionReportsTable } from '../../platform/db/schema.js';
import { defectRows } from '../defect/defect.repo.js';
import { inspectionIdsOf, type InspectionFileHooks } from '../inspection/inspection-files.js';
import type { EndedFileRecord } from '../team/quota.service.js';

export type InspectionReportRow = Selectable<InspectionReportsTable> & { created_by_name: string | null };

/** How a report's job ends it: the latest, with its files and what it was written from, or failed. */
export type ReportEnd =
  | { state: 'failed'; errorKey: string }
  | {
      state: 'latest';
      wordBytes: number;
      pdfBytes: number | null;
      defectCount: number | null;
      flagged: boolean;
      dataVersion: string;
    };

/** A report's PDF sits beside its Word file. */
export const pdfKeyOf = (wordKey: string) => wordKey.replace(/\.docx$/, '.pdf');

/** The bytes a report's files hold, as the team's quota counts them. */
export const reportBytes = (row: { word_bytes: string | null; pdf_bytes: string | null }) =>
  Number(row.word_bytes ?? 0) + Number(row.pdf_bytes ?? 0);

/** Reports' files on the team's quota: shown in the bin, moved by a handover, freed by a purge. */
export const reportFiles: InspectionFileHooks = {
  async storedBytes(db, scope) {
    const row = await db
      .selectFrom('inspection_reports')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string>('word_bytes'), eb.lit(0)).as('word'),
        eb.fn.coalesce(eb.fn.sum<string>('pdf_bytes'), eb.lit(0)).as('pdf'),
      ])
      .where('inspection_id', 'in', inspectionIdsOf(db, scope))
      .executeTakeFirstOrThrow();
    return Number(row.word) + Number(row.pdf);
  },
  async purge(db, scope) {
    const rows = await db
      .deleteFrom('inspection_reports')
      .where('inspection_id', 'in', inspectionIdsOf(db, scope))
      .returning(['word_key', 'word_bytes', 'pdf_bytes'])
      .execute();
    return {
      blobKeys: rows.flatMap((row) => [row.word_key, pdfKeyOf(row.word_key)]),
      freedBytes: rows.reduce((sum, row) => sum + reportBytes(row), 0),
    };
  },
};

/** SQL of inspection reports, and what a report reads beside the defects (names, photos, history links). */
export function createInspectionReportRepo(db: Kysely<Database>) {
  const records = () =>
    db
      .selectFrom('inspection_reports as r')
      .innerJoin('inspections as i', 'i.id', 'r.inspection_id')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .selectAll('r')
      .select('u.name as created_by_name')
      .where('i.deleted_at', 'is', null);

  return {
    insert(values: {
      projectId: number;
      inspectionId: number;
      name: string;
      template: ReportKind;
      sections: readonly ReportSection[];
      monitor?: MonitorReportConfig;
      fields: readonly DefectExportField[];
      thumbnails: boolean;
      keyDefectIds: readonly number[] | null;
      language: Language;
      wordKey: (id: number) => string;
      createdBy: number;
    }) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('inspection_reports')
          .values({
            project_id: values.projectId,
            inspection_id: values.inspectionId,
            name: values.name,
            template: values.template,
            sections: JSON.stringify(values.sections),
            fields: JSON.stringify(values.fields),
            thumbnails: values.thumbnails,
            key_defect_ids: values.keyDefectIds === null ? null : JSON.stringify(values.keyDefectIds),
            monitor: values.monitor ? JSON.stringify(values.monitor) : null,
            language: values.language,
            state: 'generating',
            // The key names the report, known once it has an id.
            word_key: '',
            created_by: values.createdBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('inspection_reports')
          .set({ word_key: values.wordKey(id) })
          .where('id', '=', id)
          .execute();
        return id;
      });
    },

    find(id: number) {
      return records().where('r.id', '=', id).executeTakeFirst();
    },

    async page(
      scope: { inspectionId: number } | { projectId: number },
      state: ReportState | undefined,
      paging: { offset: number; limit: number },
    ) {
      const scoped = () =>
        ('inspectionId' in scope
          ? records().where('r.inspection_id', '=', scope.inspectionId)
          : records().where('r.project_id', '=', scope.projectId)
        ).$if(state !== undefined, (query) => query.where('r.state', '=', state!));
      const [rows, total] = await Promise.all([
        scoped().orderBy('r.id', 'desc').offset(paging.offset).limit(paging.limit).execute(),
        scoped()
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** The latest reports in scope, with their inspections' data version now. */
    async latest(scope: { inspectionId: number } | { projectId: number }) {
      return (
        'inspectionId' in scope
          ? records().where('r.inspection_id', '=', scope.inspectionId)
          : records().where('r.project_id', '=', scope.projectId)
      )
        .where('r.state', '=', 'latest')
        .clearSelect()
        .select(['r.id', 'r.inspection_id', 'r.project_id', 'r.template', 'r.data_version'])
        .execute();
    },

    /** Reports made historical (the latest ones whose data changed). */
    async makeHistorical(ids: readonly number[]) {
      if (ids.length === 0) return;
      await db
        .updateTable('inspection_reports')
        .set({ state: 'historical' })
        .where('id', 'in', [...ids])
        .where('state', '=', 'latest')
        .execute();
    },

    setProgress(id: number, progress: number) {
      return db
        .updateTable('inspection_reports')
        .set({ progress })
        .where('id', '=', id)
        .where('state', '=', 'generating')
        .execute();
    },

    /**
     * Ends a generating report inside `trx` (`quota.endAndCount`, which counts a latest report's files against its
     * project's team in the same transaction); undefined when it was deleted (or ended) meanwhile. A report that
     * becomes the latest makes its inspection's earlier latest one of its kind (monitoring or inspection) historical.
     */
    async finish(trx: Kysely<Database>, id: number, end: ReportEnd): Promise<EndedFileRecord | undefined> {
      const ended = await trx
        .updateTable('inspection_reports as r')
        .from('projects as p')
        .set({
          state: end.state,
          progress: 1,
          finished_at: new Date(),
          ...(end.state === 'failed'
            ? { error_key: end.errorKey }
            : {
                error_key: null,
                word_bytes: end.wordBytes,
                pdf_bytes: end.pdfBytes,
                defect_count: end.defectCount,
                flagged: end.flagged,
                data_version: end.dataVersion,
              }),
        })
        .whereRef('p.id', '=', 'r.project_id')
        .where('r.id', '=', id)
        .where('r.state', '=', 'generating')
        .returning(['r.inspection_id', 'r.template', 'p.team_id'])
        .executeTakeFirst();
      if (!ended) return undefined;
      if (end.state === 'failed') return { teamId: ended.team_id, fileBytes: null };
      await trx
        .updateTable('inspection_reports')
        .set({ state: 'historical' })
        .where('inspection_id', '=', ended.inspection_id)
        .where('template', ended.template === MONITORING_TEMPLATE ? '=' : '!=', MONITORING_TEMPLATE)
        .where('state', '=', 'latest')
        .where('id', '!=', id)
        .execute();
      return { teamId: ended.team_id, fileBytes: end.wordBytes + (end.pdfBytes ?? 0) };
    },

    /** Deletes the report; answers the bytes its files held (none while it is written), or undefined when gone. */
    async remove(id: number): Promise<number | undefined> {
      const row = await db
        .deleteFrom('inspection_reports')
        .where('id', '=', id)
        .returning(['word_bytes', 'pdf_bytes'])
        .executeTakeFirst();
      return row && reportBytes(row);
    },

    /** The team the report's project belongs to now, whose quota its files count against. */
    async teamOf(projectId: number): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select('team_id')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      return row.team_id;
    },

    /**
     * What the inspection's defects and key defects are now, in a few numbers: a defect added, deleted or edited, or
     * a key defect added, deleted or edited, changes it.
     */
    async dataVersions(inspectionIds: readonly number[]): Promise<Map<number, string>> {
      if (inspectionIds.length === 0) return new Map();
      const ids = [...inspectionIds];
      const [defects, keys] = await Promise.all([
        db
          .selectFrom('defects')
          .select([
            'inspection_id',
            sql<string>`count(*)`.as('count'),
            sql<string | null>`max(id)`.as('max_id'),
            sql<string | null>`extract(epoch from max(updated_at))`.as('updated'),
          ])
          .where('inspection_id', 'in', ids)
          .groupBy('inspection_id')
          .execute(),
        db
          .selectFrom('key_defects')
          .select([
            'inspection_id',
            sql<string>`count(*)`.as('count'),
            sql<string | null>`max(id)`.as('max_id'),
            sql<string | null>`extract(epoch from max(updated_at))`.as('updated'),
          ])
          .where('inspection_id', 'in', ids)
          .groupBy('inspection_id')
          .execute(),
      ]);
      const part = (row: { count: string; max_id: string | null; updated: string | null } | undefined) =>
        row ? `${Number(row.count)}.${Number(row.max_id ?? 0)}.${Number(row.updated ?? 0).toFixed(3)}` : '0';
      return new Map(
        ids.map((id) => [
          id,
          `d${part(defects.find((row) => row.inspection_id === id))}k${part(keys.find((row) => row.inspection_id === id))}`,
        ]),
      );
    },

    /**
     * What a project's total-station records and a baseline's drone-target positions are now, in a few numbers: a
     * record or position added, deleted or changed (a threshold change rewrites alarms) changes it.
     */
    async monitorVersion(projectId: number, inspectionId: number): Promise<string> {
      const [records, fixes] = await Promise.all([
        db
          .selectFrom('displacement_records as r')
          .innerJoin('monitor_points as p', 'p.id', 'r.monitor_point_id')
          .select([
            sql<string>`count(*)`.as('count'),
            sql<string | null>`max(r.id)`.as('max_id'),
            sql<string | null>`extract(epoch from max(greatest(r.updated_at, p.updated_at)))`.as('updated'),
          ])
          .where('p.project_id', '=', projectId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('monitor_target_fixes as f')
          .innerJoin('monitor_targets as t', 't.id', 'f.target_id')
          .select([
            sql<string>`count(*)`.as('count'),
            sql<string | null>`max(f.id)`.as('max_id'),
            sql<string | null>`extract(epoch from max(greatest(f.updated_at, t.updated_at)))`.as('updated'),
          ])
          .where('t.inspection_id', '=', inspectionId)
          .executeTakeFirstOrThrow(),
      ]);
      const part = (row: { count: string; max_id: string | null; updated: string | null }) =>
        `${Number(row.count)}.${Number(row.max_id ?? 0)}.${Number(row.updated ?? 0).toFixed(3)}`;
      return `m${part(records)}t${part(fixes)}`;
    },

    /** The project's and inspection's facts the summary and cover show. */
    summary(inspectionId: number) {
      return db
        .selectFrom('inspections as i')
        .innerJoin('projects as p', 'p.id', 'i.project_id')
        .leftJoin('inspections as prev', 'prev.id', 'i.previous_inspection_id')
        .select([
          'i.id',
          'i.name',
          'i.description',
          'i.inspection_date',
          'i.previous_inspection_id',
          'prev.name as previous_name',
          'p.name as project_name',
          (eb) =>
            eb
              .selectFrom('inspection_images as img')
              .select(sql<string>`count(*)`.as('n'))
              .whereRef('img.inspection_id', '=', 'i.id')
              .as('photo_count'),
        ])
        .where('i.id', '=', inspectionId)
        .executeTakeFirstOrThrow();
    },

    /** The inspection's history links by change kind, and whether its matching is done. */
    async historyKinds(inspectionId: number) {
      const [kinds, matching] = await Promise.all([
        db
          .selectFrom('defect_history_links')
          .select(['change_kind', sql<string>`count(*)`.as('count')])
          .where('inspection_id', '=', inspectionId)
          .groupBy('change_kind')
          .execute(),
        db
          .selectFrom('defect_history_matchings')
          .select('state')
          .where('inspection_id', '=', inspectionId)
          .executeTakeFirst(),
      ]);
      return {
        kinds: kinds.map((row) => ({ kind: row.change_kind, count: Number(row.count) })),
        state: matching?.state,
      };
    },

    /** Defects of the previous inspection that no defect of this one is linked to. */
    async unlinkedPrevious(inspectionId: number, previousInspectionId: number) {
      const row = await db
        .selectFrom('defects as d')
        .select(sql<string>`count(*)`.as('count'))
        .where('d.inspection_id', '=', previousInspectionId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('defect_history_links as l')
                .select('l.defect_id')
                .where('l.inspection_id', '=', inspectionId)
                .whereRef('l.previous_defect_id', '=', 'd.id'),
            ),
          ),
        )
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Defects by id as the list reads them (the photo defects key defects stand for, whatever the report filter). */
    defectsByIds(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return defectRows(db)
        .where('d.id', 'in', [...ids])
        .execute();
    },

    async defectCount(inspectionId: number) {
      const row = await db
        .selectFrom('defects')
        .select(sql<string>`count(*)`.as('count'))
        .where('inspection_id', '=', inspectionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type InspectionReportRepo = ReturnType<typeof createInspectionReportRepo>;
