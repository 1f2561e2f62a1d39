import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { QuotaService } from '../team/quota.service.js';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  CATALOGUES,
  DEFECT_EXPORT_EVENT,
  LIMITS,
  defectFilterSchema,
  interpolate,
  isLargeDefectExport,
  type CallBodyOf,
  type DefectExportEvent,
  type DefectFilter,
  type ErrorKey,
  type InspectionExcel,
  type Language,
  type Page,
  type defectExportCalls,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { storedFile, type StoredFile } from '../../platform/http/stored-file.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DefectFieldRepo } from '../defect-field/defect-field.repo.js';
import type { DefectRepo, DefectRow } from '../defect/defect.repo.js';
import type { DiseaseFilterRepo, FilterRangeValues } from '../disease-filter/disease-filter.repo.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { DefectExportRepo, ExcelEnd, InspectionExcelRow } from './defect-export.repo.js';
import { buildWorkbook, cropThumbnails, writeWorkbook } from './defect-export.workbook.js';

export const DEFECT_EXPORT_JOB = 'defect.export';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Defects read from the list per query while an export gathers them. */
const READ_BATCH = 2_000;

export interface DefectExportServiceDeps {
  repo: DefectExportRepo;
  defects: Pick<DefectRepo, 'page' | 'shownBefore'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  ranges: Pick<DiseaseFilterRepo, 'findRange'>;
  fields: Pick<DefectFieldRepo, 'listForProject'>;
  /** The team's storage: counts an export's file as its record ends, gives a deleted export's bytes back. */
  quota: Pick<QuotaService, 'endAndCount' | 'release'>;
  blobs: BlobStore;
  cpu: CpuPool;
  jobs: Pick<JobQueue, 'enqueue'>;
  bus: EventBus;
  log: FastifyBaseLogger;
}

export const excelFileUrl = (row: { id: number; name: string }) =>
  `/api/inspection-excel/files/${row.id}/${encodeURIComponent(row.name)}`;

function present(row: InspectionExcelRow): InspectionExcel {
  return {
    id: row.id,
    inspectionId: row.inspection_id,
    projectId: row.project_id,
    name: row.name,
    state: row.state,
    progress: row.progress,
    fields: row.fields,
    customFieldIds: row.custom_field_ids,
    thumbnails: row.thumbnails,
    filter: defectFilterSchema.omit({ inspectionId: true }).parse(row.filter),
    defectCount: row.defect_count,
    flagged: row.flagged,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    errorKey: row.error_key,
    createdBy: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    fileUrl: row.state === 'done' ? excelFileUrl(row) : null,
  };
}

/** A file name any system keeps: no separators, no characters Windows refuses. */
// eslint-disable-next-line no-control-regex -- control characters are among what is replaced
const fileNameOf = (text: string) => `${text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 180)}.xlsx`;

/**
 * The defect list's Excel export (SPEC sections 2, 8, 9): a record per export, written by a durable job with the
 * list's filters (the damage filter range too) and the caller's language; counted first, so an empty list answers
 * NO_DISEASE_ERROR and one beyond LIMITS.defectExportMax DISEASE_EXPORT_ERROR before any work, and one above
 * LIMITS.defectCountFlag is flagged. The job rewrites the whole file when it runs again after a restart.
 */
export function createDefectExportService(deps: DefectExportServiceDeps) {
  const { repo, access, blobs } = deps;
  const requireInspection = inspectionGuard(deps.inspections, access);
  /**
   * Ends a generating record, a done one's file counted against its team as it ends (TEAM_VOLUME_EXCEED, the record
   * left generating, when it does not fit); false when the record was deleted (or ended) meanwhile.
   */
  const finish = (id: number, end: ExcelEnd) => deps.quota.endAndCount((trx) => repo.finish(trx, id, end));

  /** The project's damage filter range as the defect list applies it. */
  async function rangeOf(projectId: number): Promise<FilterRangeValues | undefined> {
    const row = await deps.ranges.findRange(projectId);
    return (
      row && {
        crackLengthMin: row.crack_length_min,
        crackLengthMax: row.crack_length_max,
        crackWidthMin: row.crack_width_min,
        crackWidthMax: row.crack_width_max,
        areaMin: row.area_min,
        areaMax: row.area_max,
      }
    );
  }

  /** How many defects the filter shows; refuses none and more than an export may hold. */
  async function countOrRefuse(filter: DefectFilter, range: FilterRangeValues | undefined) {
    const { total, totalCapped } = await deps.defects.page(filter, range, { offset: 0, limit: 0 });
    if (total === 0) throw new AppError('NO_DISEASE_ERROR');
    if (totalCapped || total > LIMITS.defectExportMax) throw new AppError('DISEASE_EXPORT_ERROR');
    return total;
  }

  async function publish(projectId: number, event: DefectExportEvent) {
    for (const userId of await access.viewers(projectId))
      deps.bus.publish({ userId, name: DEFECT_EXPORT_EVENT, value: event });
  }

  async function requireRecord(auth: AuthContext, id: number, options: { change?: boolean } = {}) {
    const row = await repo.find(id);
    if (!row) throw new AppError('INSPECTION_EXCEL_NOT_EXISTING');
    await requireInspection(auth, row.inspection_id, options);
    return row;
  }

  /** The list's defects in its order, a batch at a time from where the last ended, uncounted. */
  async function gather(filter: DefectFilter, range: FilterRangeValues | undefined, signal: AbortSignal) {
    const defects: DefectRow[] = [];
    for (;;) {
      signal.throwIfAborted();
      const records = await deps.defects.shownBefore(filter, range, {
        beforeId: defects.at(-1)?.id,
        limit: READ_BATCH,
      });
      defects.push(...records);
      if (records.length < READ_BATCH || defects.length > LIMITS.defectExportMax) return defects;
    }
  }

  async function write(record: InspectionExcelRow, context: JobContext) {
    const filter = defectFilterSchema.parse({ ...record.filter, inspectionId: record.inspection_id });
    const range = await rangeOf(record.project_id);
    const defects = await gather(filter, range, context.signal);
    if (defects.length === 0) throw new AppError('NO_DISEASE_ERROR');
    if (defects.length > LIMITS.defectExportMax) throw new AppError('DISEASE_EXPORT_ERROR');
    const unique = <T>(values: T[]) => [...new Set(values)];
    const [types, markers, photos, projectFields] = await Promise.all([
      repo.typeNames(unique(defects.map((d) => d.type_id))),
      repo.markerNames(unique(defects.flatMap((d) => (d.marker_id === null ? [] : [d.marker_id])))),
      record.thumbnails ? repo.photos(unique(defects.map((d) => d.image_id))) : Promise.resolve([]),
      deps.fields.listForProject(record.project_id),
    ]);
    const language = record.language;
    const builtIn = CATALOGUES[language].diseaseType as Record<string, string>;
    const typeNames = new Map(
      types.map((t) => [t.id, (t.built_in && t.code ? builtIn[t.code] : undefined) ?? t.name] as const),
    );
    const markerNames = new Map(markers.map((m) => [m.id, m.name] as const));

    let lastShared = 0;
    const report = (fraction: number) => {
      context.progress(fraction);
      if (fraction - lastShared < 0.05) return;
      lastShared = fraction;
      void repo.setProgress(record.id, fraction);
      void publish(record.project_id, {
        id: record.id,
        inspectionId: record.inspection_id,
        state: 'generating',
        progress: fraction,
        errorKey: null,
      });
    };
    // Cropping is most of the work when there are thumbnails; writing the rest.
    const thumbnails = record.thumbnails
      ? await cropThumbnails(deps.cpu, photos, defects, {
          signal: context.signal,
          progress: (done) => report((0.8 * done) / defects.length),
        })
      : null;
    const workbook = await buildWorkbook({
      language,
      fields: record.fields,
      customFields: record.custom_field_ids.flatMap((id) => {
        const field = projectFields.find((f) => f.id === id);
        return field ? [{ id, name: field.name }] : [];
      }),
      defects,
      typeName: (id) => typeNames.get(id) ?? '',
      markerName: (id) => (id === null ? null : (markerNames.get(id) ?? null)),
      thumbnails,
    });
    report(0.85);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-excel-'));
    try {
      const file = path.join(folder, 'export.xlsx');
      await writeWorkbook(workbook, file);
      context.signal.throwIfAborted();
      const size = await blobs.put(record.storage_key, fs.createReadStream(file));
      return { size, count: defects.length };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  return {
    async start(
      auth: AuthContext,
      body: CallBodyOf<typeof defectExportCalls.start>,
      language: Language,
    ): Promise<InspectionExcel> {
      const { inspection, project } = await requireInspection(auth, body.inspectionId);
      const { fields, customFieldIds, thumbnails, ...filter } = body;
      const known = new Set((await deps.fields.listForProject(project.id)).map((field) => field.id));
      if (customFieldIds.some((id) => !known.has(id))) throw new AppError('DISEASE_FIELD_VALUE_ERROR');
      const count = await countOrRefuse(filter, await rangeOf(project.id));
      const { inspectionId, ...kept } = filter;
      const date = new Date().toISOString().slice(0, 10);
      const id = await repo.insert({
        projectId: project.id,
        inspectionId,
        name: fileNameOf(
          interpolate(CATALOGUES[language].defectExport.fileName, { inspection: inspection.name, date }),
        ),
        fields,
        customFieldIds: [...new Set(customFieldIds)],
        thumbnails,
        filter: kept,
        language,
        defectCount: count,
        flagged: isLargeDefectExport(count),
        storageKey: (recordId) =>
          `teams/${project.team_id}/projects/${project.id}/inspections/${inspectionId}/excel/${recordId}.xlsx`,
        createdBy: auth.userId,
      });
      try {
        await deps.jobs.enqueue(DEFECT_EXPORT_JOB, { recordId: id });
      } catch (error) {
        await finish(id, { state: 'failed', errorKey: 'EXCEL_ERROR' });
        throw error;
      }
      return present((await repo.find(id))!);
    },

    /** The job: writes the workbook and ends the record (a deleted record's file is removed again). */
    async run(recordId: number, context: JobContext): Promise<void> {
      const record = await repo.find(recordId);
      if (!record || record.state !== 'generating') return;
      const end = async (
        state: 'done' | 'failed',
        values: { sizeBytes?: number; defectCount?: number; errorKey?: ErrorKey },
      ) => {
        const kept = await finish(record.id, { state, ...values });
        // A failed export keeps no file, nor does one deleted meanwhile (neither counted against the team).
        if (!kept || state === 'failed') await blobs.delete(record.storage_key);
        await publish(record.project_id, {
          id: record.id,
          inspectionId: record.inspection_id,
          state,
          progress: 1,
          errorKey: values.errorKey ?? null,
        });
      };
      try {
        const { size, count } = await write(record, context);
        // The file counts against the team like uploads as the export ends: one that does not fit fails with
        // TEAM_VOLUME_EXCEED.
        await end('done', { sizeBytes: size, defectCount: count });
      } catch (error) {
        // Interrupted (a shutdown, the worker lost): the job runs again and rewrites the file.
        if (context.signal.aborted) throw error;
        const errorKey: ErrorKey = error instanceof AppError ? error.key : 'EXCEL_ERROR';
        if (!(error instanceof AppError)) context.log.error({ err: error, recordId }, 'the Excel export failed');
        await end('failed', { errorKey });
      }
    },

    async page(
      auth: AuthContext,
      query: { inspectionId?: number | undefined; projectId?: number | undefined; pageNum: number; pageSize: number },
    ): Promise<Page<InspectionExcel>> {
      let scope: { inspectionId: number } | { projectId: number };
      if (query.inspectionId !== undefined) {
        await requireInspection(auth, query.inspectionId);
        scope = { inspectionId: query.inspectionId };
      } else {
        await access.require(auth, query.projectId!);
        scope = { projectId: query.projectId! };
      }
      const { rows, total } = await repo.page(scope, {
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { records: rows.map(present), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    /** Deletes the record and its file, giving its bytes back; a job still writing it removes what it wrote. */
    async remove(auth: AuthContext, id: number): Promise<void> {
      const row = await requireRecord(auth, id, { change: true });
      const teamId = await repo.teamOf(row.project_id);
      const freed = await repo.remove(id);
      await blobs.delete(row.storage_key);
      if (freed) await deps.quota.release(teamId, freed);
    },

    /** A done export's workbook, by its record and file name (the name makes the download's URL its own). */
    async file(auth: AuthContext, params: { id: number; name: string }): Promise<StoredFile & { name: string }> {
      const row = await requireRecord(auth, params.id);
      if (row.state !== 'done' || row.name !== params.name) throw new AppError('notFound');
      const file = await storedFile(blobs, row.storage_key, XLSX_TYPE);
      if (!file) throw new AppError('notFound');
      return { ...file, name: row.name };
    },
  };
}

export type DefectExportService = ReturnType<typeof createDefectExportService>;
