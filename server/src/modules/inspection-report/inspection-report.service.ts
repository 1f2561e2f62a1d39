import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import {
  AppError,
  CATALOGUES,
  HISTORY_CHANGE_KINDS,
  INSPECTION_REPORT_EVENT,
  LIMITS,
  MONITORING_TEMPLATE,
  REPORT_SECTIONS,
  REPORT_TEMPLATES,
  interpolate,
  isLargeDefectExport,
  type CallBodyOf,
  type DefectFilter,
  type ErrorKey,
  type HistoryChangeKind,
  type InspectionReport,
  type InspectionReportEvent,
  type Language,
  type MonitorReportConfig,
  type Page,
  type ReportKind,
  type ReportSection,
  type ReportState,
  type inspectionReportCalls,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { projectEventSender } from '../../platform/events/project-events.js';
import { storedFile, type StoredFile } from '../../platform/http/stored-file.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import { readStream, type BlobStore } from '../../platform/storage/blob-store.js';
import type { DefectExportRepo } from '../defect-export/defect-export.repo.js';
import { cropThumbnails } from '../defect-export/defect-export.workbook.js';
import type { DefectAnalysisRepo } from '../defect/defect-analysis.repo.js';
import type { DefectRepo, DefectRow } from '../defect/defect.repo.js';
import type { DiseaseFilterRepo, FilterRangeValues } from '../disease-filter/disease-filter.repo.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { KeyDefectRepo, KeyDefectRow } from '../key-defect/key-defect.repo.js';
import type { MonitorPointRepo } from '../monitor-point/monitor-point.repo.js';
import type { MonitorTargetRepo } from '../monitor-target/monitor-target.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { SystemConfigService } from '../system-config/system-config.service.js';
import type { QuotaService } from '../team/quota.service.js';
import { barChartPng, lineChartPng } from './inspection-report.chart.js';
import { buildReportDocument, type CountRow, type Picture, type ReportContent } from './inspection-report.document.js';
import { buildMonitoringDocument } from './inspection-report.monitoring.js';
import {
  pdfKeyOf,
  type InspectionReportRepo,
  type InspectionReportRow,
  type ReportEnd,
} from './inspection-report.repo.js';

export const INSPECTION_REPORT_JOB = 'report.generate';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF_TYPE = 'application/pdf';
/** Defects read from the list per query while a report gathers them. */
const READ_BATCH = 2_000;
/** LibreOffice's longest conversion of one report (its start-up is seconds; a report with 20,000 rows, minutes). */
const PDF_TIMEOUT_MS = 10 * 60_000;
const SYSTEM_FILES_PREFIX = '/api/files/system/';
/** A key defect's photo crop's long side at most, in pixels: big enough to read the defect on a page. */
const KEY_CROP_PX = 1200;

export interface InspectionReportServiceDeps {
  repo: InspectionReportRepo;
  defects: Pick<DefectRepo, 'page'>;
  analysis: Pick<DefectAnalysisRepo, 'countByType' | 'countByLevel' | 'countByComponent'>;
  names: Pick<DefectExportRepo, 'typeNames' | 'markerNames' | 'photos'>;
  keyDefects: Pick<KeyDefectRepo, 'ofInspection' | 'findMany'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  filters: Pick<DiseaseFilterRepo, 'findRange' | 'listReportRanges' | 'listReportTypeIds'>;
  /** The monitoring report's total-station points and records, and drone targets and their positions (read only). */
  points: Pick<MonitorPointRepo, 'listPoints' | 'listRecords'>;
  targets: Pick<MonitorTargetRepo, 'projectTargets' | 'fixes'>;
  systemConfig: Pick<SystemConfigService, 'systemConfig' | 'openImage'>;
  /** LibreOffice's command; PDF is written when it exists. */
  soffice: string;
  /** The team's storage: counts a report's files as it ends the latest, gives a deleted report's bytes back. */
  quota: Pick<QuotaService, 'endAndCount' | 'release'>;
  blobs: BlobStore;
  cpu: CpuPool;
  jobs: Pick<JobQueue, 'enqueue'>;
  bus: EventBus;
  log: FastifyBaseLogger;
}

type Scope = { inspectionId: number } | { projectId: number };
const fileUrl = (row: { id: number; name: string }, extension: 'docx' | 'pdf') =>
  `/api/inspection-report/files/${row.id}/${encodeURIComponent(`${row.name}.${extension}`)}`;
const written = (state: ReportState) => state === 'latest' || state === 'historical';

/** A file name any system keeps: no separators, no characters Windows refuses. */
// eslint-disable-next-line no-control-regex -- control characters are among what is replaced
const safeName = (text: string) => text.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 180);

/** What a report is asked to hold, as stored on its record and checked before any work. */
interface ReportConfig {
  template: keyof typeof REPORT_TEMPLATES;
  sections: readonly ReportSection[];
  keyDefectIds: readonly number[] | null;
}

/**
 * Inspection reports (SPEC sections 2, 4, 5 and 8): a record per report, written by a durable job into a Word file
 * (and a PDF by LibreOffice headless when installed) with the configured sections. Asked for, a report is checked
 * first: a section its template lacks answers TEMPLATE_FILE_ERROR, a defect section without defects
 * NO_DISEASE_ERROR (more than an export may hold DISEASE_EXPORT_ERROR), a key defect without its screenshot
 * REPORT_SCREENSHOT_MISSING, a comparison without a previous inspection HISTORY_NO_PREVIOUS_INSPECTION. The latest
 * report of an inspection becomes historical when a newer one is written or its defects change (seen by the list).
 */
export function createInspectionReportService(deps: InspectionReportServiceDeps) {
  const { repo, access, blobs } = deps;
  const requireInspection = inspectionGuard(deps.inspections, access);
  /**
   * Ends a generating report, a latest one's files counted against its team as it ends (TEAM_VOLUME_EXCEED, the
   * report left generating, when they do not fit); false when the report was deleted (or ended) meanwhile.
   */
  const finish = (id: number, end: ReportEnd) => deps.quota.endAndCount((trx) => repo.finish(trx, id, end));
  const pdfAvailable = () => fs.existsSync(deps.soffice);
  const send = projectEventSender<InspectionReportEvent>({
    bus: deps.bus,
    viewers: access.viewers,
    log: deps.log,
    name: INSPECTION_REPORT_EVENT,
  });

  function present(row: InspectionReportRow): InspectionReport {
    const done = written(row.state);
    const pdf = done && row.pdf_bytes !== null;
    return {
      id: row.id,
      inspectionId: row.inspection_id,
      projectId: row.project_id,
      name: row.name,
      template: row.template,
      sections: row.sections,
      fields: row.fields,
      thumbnails: row.thumbnails,
      keyDefectIds: row.key_defect_ids,
      state: row.state,
      progress: row.progress,
      defectCount: row.defect_count,
      monitor: row.monitor,
      flagged: row.flagged,
      errorKey: row.error_key,
      createdBy: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      wordUrl: done ? fileUrl(row, 'docx') : null,
      pdfUrl: pdf ? fileUrl(row, 'pdf') : null,
      previewUrl: pdf ? `/api/inspection-report/preview/${row.id}` : null,
      pdfAvailable: pdfAvailable(),
    };
  }

  function publish(row: { id: number; project_id: number; inspection_id: number }) {
    send(
      row.project_id,
      async () => {
        const now = await repo.find(row.id);
        return {
          id: row.id,
          inspectionId: row.inspection_id,
          state: now?.state ?? 'failed',
          progress: now?.progress ?? 1,
          errorKey: now?.error_key ?? null,
        };
      },
      { reportId: row.id },
    );
  }

  /** The defect table's filter: the report filter's types (when configured), the damage filter range applied. */
  async function filterOf(projectId: number, inspectionId: number) {
    const [typeIds, row] = await Promise.all([
      deps.filters.listReportTypeIds(projectId),
      deps.filters.findRange(projectId),
    ]);
    const filter: DefectFilter = {
      inspectionId,
      filterRange: true,
      ...(typeIds.length > 0 ? { typeIds } : {}),
    };
    const range: FilterRangeValues | undefined = row && {
      crackLengthMin: row.crack_length_min,
      crackLengthMax: row.crack_length_max,
      crackWidthMin: row.crack_width_min,
      crackWidthMax: row.crack_width_max,
      areaMin: row.area_min,
      areaMax: row.area_max,
    };
    return { filter, range };
  }

  async function keyDefectsOf(inspectionId: number, ids: readonly number[] | null) {
    if (ids === null) return deps.keyDefects.ofInspection(inspectionId);
    const found = ids.length === 0 ? [] : await deps.keyDefects.findMany(ids);
    if (found.length !== new Set(ids).size || found.some((key) => key.inspection_id !== inspectionId))
      throw new AppError('KEY_DEFECT_NOT_EXISTING');
    return found;
  }

  /** Refuses what cannot be written, before any work; answers the defect count the report will hold. */
  async function check(
    inspection: { id: number; project_id: number; previous_inspection_id: number | null },
    config: ReportConfig,
  ) {
    const allowed: readonly ReportSection[] = REPORT_TEMPLATES[config.template];
    if (config.sections.some((section) => !allowed.includes(section))) throw new AppError('TEMPLATE_FILE_ERROR');
    const wants = (section: ReportSection) => config.sections.includes(section);
    const { filter, range } = await filterOf(inspection.project_id, inspection.id);
    const { total, totalCapped } = await deps.defects.page(filter, range, { offset: 0, limit: 0 });
    if ((wants('defects') || wants('statistics')) && total === 0) throw new AppError('NO_DISEASE_ERROR');
    if (totalCapped || total > LIMITS.defectExportMax) throw new AppError('DISEASE_EXPORT_ERROR');
    if (wants('keyDefects')) {
      const keys = await keyDefectsOf(inspection.id, config.keyDefectIds);
      if (keys.length === 0) throw new AppError('NO_DISEASE_ERROR');
      const missing: number[] = [];
      for (const key of keys) if (!(await blobs.stat(key.screenshot_key))) missing.push(key.id);
      if (missing.length > 0) throw new AppError('REPORT_SCREENSHOT_MISSING', { data: { keyDefectIds: missing } });
    }
    if (wants('comparison') && inspection.previous_inspection_id === null)
      throw new AppError('HISTORY_NO_PREVIOUS_INSPECTION');
  }

  async function queue(
    auth: AuthContext,
    place: { projectId: number; teamId: number; inspectionId: number },
    values: Omit<ReportConfig, 'template'> & {
      template: ReportKind;
      name: string;
      fields: InspectionReport['fields'];
      thumbnails: boolean;
      language: Language;
      monitor?: MonitorReportConfig;
    },
  ): Promise<InspectionReport> {
    const sections = REPORT_SECTIONS.filter((section) => values.sections.includes(section));
    const id = await repo.insert({
      projectId: place.projectId,
      inspectionId: place.inspectionId,
      name: values.name,
      template: values.template,
      sections,
      fields: values.fields,
      thumbnails: values.thumbnails,
      keyDefectIds: values.keyDefectIds,
      language: values.language,
      ...(values.monitor ? { monitor: values.monitor } : {}),
      wordKey: (reportId) =>
        `teams/${place.teamId}/projects/${place.projectId}/inspections/${place.inspectionId}/reports/${reportId}.docx`,
      createdBy: auth.userId,
    });
    try {
      await deps.jobs.enqueue(INSPECTION_REPORT_JOB, { reportId: id });
    } catch (error) {
      await finish(id, { state: 'failed', errorKey: 'REPORT_ERROR' });
      throw error;
    }
    return present((await repo.find(id))!);
  }

  /** What a report's data is now: its inspection's defects, or for a monitoring report its monitoring data. */
  async function versionsOf(
    rows: ReadonlyArray<{ id: number; project_id: number; inspection_id: number; template: ReportKind }>,
  ) {
    const versions = await repo.dataVersions([
      ...new Set(rows.filter((row) => row.template !== MONITORING_TEMPLATE).map((row) => row.inspection_id)),
    ]);
    // One read per baseline, however many of its monitoring reports are listed.
    const monitoring = new Map<number, Promise<string>>();
    const monitorVersion = (row: { project_id: number; inspection_id: number }) => {
      if (!monitoring.has(row.inspection_id))
        monitoring.set(row.inspection_id, repo.monitorVersion(row.project_id, row.inspection_id));
      return monitoring.get(row.inspection_id)!;
    };
    const now = new Map<number, string>();
    for (const row of rows)
      now.set(
        row.id,
        row.template === MONITORING_TEMPLATE ? await monitorVersion(row) : versions.get(row.inspection_id)!,
      );
    return now;
  }

  /** Latest reports whose data changed since they were written become historical. */
  async function settle(scope: Scope) {
    const latest = await repo.latest(scope);
    const versions = await versionsOf(latest);
    await repo.makeHistorical(latest.filter((row) => row.data_version !== versions.get(row.id)).map((row) => row.id));
  }

  async function requireReport(auth: AuthContext, id: number) {
    const row = await repo.find(id);
    if (!row) throw new AppError('INSPECTION_REPORT_NOT_EXISTING');
    const guarded = await requireInspection(auth, row.inspection_id);
    return { row, ...guarded };
  }

  /** The company's uploaded logo as a PNG; none for the built-in mark. A logo that cannot be read is a template error. */
  async function logo(value: string): Promise<Picture | null> {
    if (!value.startsWith(SYSTEM_FILES_PREFIX)) return null;
    const file = await deps.systemConfig.openImage(value.slice(SYSTEM_FILES_PREFIX.length));
    if (!file) throw new AppError('TEMPLATE_FILE_ERROR');
    try {
      const { data, info } = await sharp(await readStream(file.open()))
        .resize({ width: 320, height: 320, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer({ resolveWithObject: true });
      return { data, type: 'png', width: info.width, height: info.height };
    } catch {
      throw new AppError('TEMPLATE_FILE_ERROR');
    }
  }

  async function gather(filter: DefectFilter, range: FilterRangeValues | undefined, signal: AbortSignal) {
    const defects: DefectRow[] = [];
    for (;;) {
      signal.throwIfAborted();
      const { records } = await deps.defects.page(filter, range, { offset: defects.length, limit: READ_BATCH });
      defects.push(...records);
      if (records.length < READ_BATCH || defects.length > LIMITS.defectExportMax) return defects;
    }
  }

  /** Counts of the defects whose size falls in each configured interval of the report filter, [min, max). */
  function sizeIntervals(
    defects: readonly DefectRow[],
    ranges: ReadonlyArray<{ dimension: 'length' | 'width' | 'area'; min_value: number; max_value: number }>,
    language: Language,
  ): CountRow[] {
    const columns = CATALOGUES[language].defectExport.column;
    const size = (defect: DefectRow, dimension: 'length' | 'width' | 'area') =>
      dimension === 'length'
        ? (defect.edited_length_m ?? defect.length_m)
        : dimension === 'width'
          ? (defect.edited_width_mm ?? defect.width_mm)
          : (defect.edited_area_m2 ?? defect.area_m2);
    return ranges.map((range) => ({
      name: `${columns[range.dimension]} ${range.min_value} – ${range.max_value}`,
      count: defects.filter((defect) => {
        const value = size(defect, range.dimension);
        return value !== null && value >= range.min_value && value < range.max_value;
      }).length,
    }));
  }

  /** The inspection's defects against its previous inspection's, all of them (matching sees no report filter). */
  async function comparisonOf(inspectionId: number, previous: { id: number; name: string }) {
    const [{ kinds, state }, defects, previousDefects] = await Promise.all([
      repo.historyKinds(inspectionId),
      repo.defectCount(inspectionId),
      repo.defectCount(previous.id),
    ]);
    const byKind = Object.fromEntries(HISTORY_CHANGE_KINDS.map((kind) => [kind, 0])) as Record<
      HistoryChangeKind,
      number
    >;
    for (const { kind, count } of kinds) byKind[kind] += count;
    // Earlier defects no defect is linked to are repaired once the matching is done (as the history panel counts).
    if (state === 'done') byKind.repaired += await repo.unlinkedPrevious(inspectionId, previous.id);
    return { previousName: previous.name, defects, previousDefects, byKind };
  }

  /** The cover's company name and logo (system config), the report's title and the generation time. */
  async function coverOf(record: InspectionReportRow) {
    const config = await deps.systemConfig.systemConfig();
    const entry = (key: string) => config.find((item) => item.key === key)?.value ?? '';
    return {
      companyName: entry('companyName'),
      logo: await logo(entry('logo')),
      title: record.name,
      generatedAt: new Date(),
    };
  }

  /** Progress told to the job, stored on the record and sent on the event stream. */
  const progressOf = (record: InspectionReportRow, context: JobContext) => (fraction: number) => {
    context.progress(fraction);
    void repo.setProgress(record.id, fraction).then(
      () => publish(record),
      (error: unknown) => context.log.warn({ err: error, reportId: record.id }, 'report progress not stored'),
    );
  };

  /** The written Word file stored, and its PDF when LibreOffice is installed. */
  async function store(record: InspectionReportRow, word: Buffer, signal: AbortSignal) {
    signal.throwIfAborted();
    const wordBytes = await blobs.put(record.word_key, word);
    const pdfBytes = pdfAvailable() ? await convertToPdf(record, word, signal) : null;
    return { wordBytes, pdfBytes };
  }

  async function write(record: InspectionReportRow, context: JobContext) {
    const language = record.language;
    const t = CATALOGUES[language].inspectionReport;
    const wants = (section: ReportSection) => record.sections.includes(section);
    const inspection = await repo.summary(record.inspection_id);
    const { filter, range } = await filterOf(record.project_id, record.inspection_id);
    const defects = await gather(filter, range, context.signal);
    if ((wants('defects') || wants('statistics')) && defects.length === 0) throw new AppError('NO_DISEASE_ERROR');
    if (defects.length > LIMITS.defectExportMax) throw new AppError('DISEASE_EXPORT_ERROR');
    // The key defects chosen for the report (all of the inspection's when none were chosen): the summary counts them.
    // Without their section, one deleted since the report was asked for is no longer counted rather than an error.
    const chosenKeys = wants('keyDefects')
      ? await keyDefectsOf(record.inspection_id, record.key_defect_ids)
      : (await deps.keyDefects.ofInspection(record.inspection_id)).filter(
          (key) => record.key_defect_ids?.includes(key.id) ?? true,
        );
    const keys: KeyDefectRow[] = wants('keyDefects') ? chosenKeys : [];
    if (wants('keyDefects') && keys.length === 0) throw new AppError('NO_DISEASE_ERROR');

    const unique = <T>(values: T[]) => [...new Set(values)];
    const keyPhotoDefects = await repo.defectsByIds(
      unique(keys.flatMap((key) => (key.defect_id === null ? [] : [key.defect_id]))),
    );
    const [types, markers, cover, ranges] = await Promise.all([
      deps.names.typeNames(unique([...defects.map((d) => d.type_id), ...keys.map((k) => k.type_id)])),
      deps.names.markerNames(unique(defects.flatMap((d) => (d.marker_id === null ? [] : [d.marker_id])))),
      coverOf(record),
      deps.filters.listReportRanges(record.project_id),
    ]);
    const builtIn = CATALOGUES[language].diseaseType as Record<string, string>;
    /** A built-in type in the report's language, a project's own by its name. */
    const nameOf = (type: { name: string; code: string | null; built_in: boolean }) =>
      (type.built_in && type.code ? builtIn[type.code] : undefined) ?? type.name;
    const typeNames = new Map(types.map((type) => [type.id, nameOf(type)] as const));
    const markerNames = new Map(markers.map((marker) => [marker.id, marker.name] as const));
    const progress = progressOf(record, context);
    progress(0.1);

    // Thumbnails of the table's defects, and a readable crop of each key defect's photo defect: in the CPU pool.
    const tableCrops = wants('defects') && record.thumbnails ? defects : [];
    const photos = await deps.names.photos(unique([...tableCrops, ...keyPhotoDefects].map((d) => d.image_id)));
    const cropsOf = async (
      cropped: readonly DefectRow[],
      sizing: { longSidePx?: number; source?: 'original' },
      from: number,
      span: number,
    ) => {
      const pictures = new Map<number, Picture>();
      for (const [id, made] of await cropThumbnails(deps.cpu, photos, cropped, {
        signal: context.signal,
        progress: (done) => context.progress(from + (span * done) / Math.max(1, cropped.length)),
        ...sizing,
      }))
        pictures.set(id, { data: made.jpeg, type: 'jpg', width: made.width, height: made.height });
      return pictures;
    };
    const thumbnails = await cropsOf(tableCrops, {}, 0.1, 0.4);
    // A key defect's crop is read in print: cut from the original at full resolution, not from the preview.
    const keyCrops = await cropsOf(keyPhotoDefects, { longSidePx: KEY_CROP_PX, source: 'original' }, 0.5, 0.1);
    progress(0.6);

    const [byType, byLevel, byComponent] = wants('statistics')
      ? await Promise.all([
          deps.analysis.countByType(filter, range),
          deps.analysis.countByLevel(filter, range),
          deps.analysis.countByComponent(filter, range),
        ])
      : [[], [], []];
    const typeRows = byType.map((row) => ({
      name: nameOf(row),
      count: Number(row.count),
      color: row.color,
    }));
    const levelRows = Array.from({ length: LIMITS.defectScale.max - LIMITS.defectScale.min + 1 }, (_, index) => {
      const level = LIMITS.defectScale.min + index;
      return {
        name: interpolate(t.statistics.level, { level }),
        count: Number(byLevel.find((row) => row.level === level)?.count ?? 0),
      };
    });
    const chart = async (rows: ReadonlyArray<CountRow & { color?: string }>): Promise<Picture> => ({
      ...(await barChartPng(rows)),
      type: 'png',
    });

    const keyDefects = [];
    for (const key of keys) {
      context.signal.throwIfAborted();
      if (!(await blobs.stat(key.screenshot_key))) throw new AppError('REPORT_SCREENSHOT_MISSING');
      const screenshot = await blobs.read(key.screenshot_key);
      const meta = await sharp(screenshot)
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) throw new AppError('REPORT_SCREENSHOT_MISSING');
      keyDefects.push({
        name: key.name,
        typeName: typeNames.get(key.type_id) ?? '',
        level: key.level,
        description: key.description,
        screenshot: { data: screenshot, type: 'png' as const, width: meta.width, height: meta.height },
        crop: key.defect_id === null ? null : (keyCrops.get(key.defect_id) ?? null),
        defect: keyPhotoDefects.find((defect) => defect.id === key.defect_id) ?? null,
      });
    }

    const content: ReportContent = {
      language,
      sections: record.sections,
      cover,
      summary: {
        projectName: inspection.project_name,
        inspectionName: inspection.name,
        inspectionDate: String(inspection.inspection_date).slice(0, 10),
        description: inspection.description,
        photoCount: Number(inspection.photo_count ?? 0),
        defectCount: defects.length,
        keyDefectCount: chosenKeys.length,
      },
      statistics: {
        byType: typeRows,
        byLevel: levelRows,
        byComponent: byComponent.map((row) => ({
          name: row.marker_name ?? t.statistics.unbound,
          count: Number(row.count),
        })),
        bySize: wants('statistics') ? sizeIntervals(defects, ranges, language) : [],
        typeChart: wants('statistics') ? await chart(typeRows) : null,
        levelChart: wants('statistics') ? await chart(levelRows) : null,
      },
      defectTable: {
        fields: record.fields,
        defects,
        typeName: (id) => typeNames.get(id) ?? '',
        markerName: (id) => (id === null ? null : (markerNames.get(id) ?? null)),
        thumbnails: record.thumbnails ? thumbnails : null,
      },
      keyDefects,
      comparison:
        wants('comparison') && inspection.previous_inspection_id !== null
          ? await comparisonOf(record.inspection_id, {
              id: inspection.previous_inspection_id,
              name: inspection.previous_name ?? '',
            })
          : null,
    };
    if (wants('comparison') && !content.comparison) throw new AppError('HISTORY_NO_PREVIOUS_INSPECTION');
    const word = await buildReportDocument(content);
    progress(0.75);
    return { ...(await store(record, word, context.signal)), count: defects.length };
  }

  /**
   * A monitoring report's points and targets with their data in its period, oldest first: each point's records and
   * each target's positions on the rounds after its baseline. Ids not of the project's points
   * (MONITOR_POINT_NOT_EXISTING) or the baseline's targets (PROJECT_TARGET_MISSING) are refused, and so is a
   * selection without any displacement in the period (MONITOR_POINT_DISPLACEMENT_ERROR).
   */
  async function monitoringOf(place: { projectId: number; inspectionId: number }, config: MonitorReportConfig) {
    const within = (day: string) =>
      (config.from === null || day >= config.from) && (config.to === null || day <= config.to);
    const points = await deps.points.listPoints(place.projectId, config.pointIds ? { ids: config.pointIds } : {});
    if (config.pointIds && points.length !== new Set(config.pointIds).size)
      throw new AppError('MONITOR_POINT_NOT_EXISTING');
    const targets = (await deps.targets.projectTargets(place.projectId, config.targetIds ?? undefined)).filter(
      (target) => target.inspection_id === place.inspectionId,
    );
    if (config.targetIds && targets.length !== new Set(config.targetIds).size)
      throw new AppError('PROJECT_TARGET_MISSING');
    const pointData = [];
    for (const point of points) {
      const records = await deps.points.listRecords(point.id);
      pointData.push({ point, records: records.filter((record) => within(record.monitor_time.slice(0, 10))) });
    }
    const targetData = [];
    for (const target of targets) {
      const fixes = await deps.targets.fixes(target.id);
      targetData.push({
        target,
        rounds: fixes.filter(
          (fix) => fix.inspection_id !== target.inspection_id && within(String(fix.inspection_date).slice(0, 10)),
        ),
      });
    }
    const count =
      pointData.reduce((sum, { records }) => sum + records.length, 0) +
      targetData.reduce((sum, { rounds }) => sum + rounds.filter((fix) => fix.displacement_mm !== null).length, 0);
    if (count === 0) throw new AppError('MONITOR_POINT_DISPLACEMENT_ERROR');
    return { points: pointData, targets: targetData, count };
  }

  async function writeMonitoring(record: InspectionReportRow, config: MonitorReportConfig, context: JobContext) {
    const m = CATALOGUES[record.language].inspectionReport.monitoring;
    const progress = progressOf(record, context);
    const [baseline, data, cover] = await Promise.all([
      repo.summary(record.inspection_id),
      monitoringOf({ projectId: record.project_id, inspectionId: record.inspection_id }, config),
      coverOf(record),
    ]);
    progress(0.2);
    const chart = async (name: string, thresholdMm: number, categories: string[], values: Array<number | null>) =>
      values.length === 0
        ? null
        : {
            ...(await lineChartPng({ name, categories, values, thresholdMm, thresholdLabel: m.thresholdLine })),
            type: 'png' as const,
          };
    const points = [];
    for (const { point, records } of data.points) {
      context.signal.throwIfAborted();
      points.push({
        name: point.name,
        thresholdMm: point.threshold_mm,
        records: records.map((row) => ({
          time: row.monitor_time,
          temperature: row.temperature,
          x: row.x,
          y: row.y,
          currentMm: row.current_mm,
          cumulativeMm: row.cumulative_mm,
          alarm: row.alarm,
        })),
        chart: await chart(
          point.name,
          point.threshold_mm,
          records.map((row) => row.monitor_time),
          records.map((row) => row.cumulative_mm),
        ),
      });
    }
    progress(0.5);
    const targets = [];
    for (const { target, rounds } of data.targets) {
      context.signal.throwIfAborted();
      targets.push({
        name: target.name,
        thresholdMm: target.threshold_mm,
        rounds: rounds.map((fix) => ({
          name: fix.inspection_name,
          date: String(fix.inspection_date).slice(0, 10),
          displacementMm: fix.displacement_mm,
          alarm: fix.alarm,
        })),
        chart: await chart(
          target.name,
          target.threshold_mm,
          rounds.map((fix) => fix.inspection_name),
          rounds.map((fix) => fix.displacement_mm),
        ),
      });
    }
    const word = await buildMonitoringDocument({
      language: record.language,
      cover,
      summary: {
        projectName: baseline.project_name,
        baselineName: baseline.name,
        baselineDate: String(baseline.inspection_date).slice(0, 10),
        from: config.from,
        to: config.to,
      },
      points,
      targets,
    });
    progress(0.75);
    return { ...(await store(record, word, context.signal)), count: data.count };
  }

  /** The Word file converted by LibreOffice headless (a profile of its own, so a running LibreOffice is not used). */
  async function convertToPdf(record: InspectionReportRow, word: Buffer, signal: AbortSignal) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-report-'));
    try {
      const file = path.join(folder, 'report.docx');
      fs.writeFileSync(file, word);
      await promisify(execFile)(
        deps.soffice,
        [
          `-env:UserInstallation=file://${folder}/profile`,
          '--headless',
          '--convert-to',
          'pdf',
          '--outdir',
          folder,
          file,
        ],
        { timeout: PDF_TIMEOUT_MS, signal },
      );
      const pdf = path.join(folder, 'report.pdf');
      if (!fs.existsSync(pdf)) throw new AppError('REPORT_ERROR');
      return await blobs.put(pdfKeyOf(record.word_key), fs.createReadStream(pdf));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  /** A written report's Word file or PDF, by its record and file name (`<name>.docx` or `<name>.pdf`). */
  async function file(auth: AuthContext, params: { id: number; name: string }): Promise<StoredFile & { name: string }> {
    const { row } = await requireReport(auth, params.id);
    if (!written(row.state)) throw new AppError('notFound');
    const kind = params.name === `${row.name}.docx` ? 'docx' : params.name === `${row.name}.pdf` ? 'pdf' : null;
    if (!kind) throw new AppError('notFound');
    const stored =
      kind === 'docx'
        ? await storedFile(blobs, row.word_key, DOCX_TYPE)
        : await storedFile(blobs, pdfKeyOf(row.word_key), PDF_TYPE);
    if (!stored) throw new AppError('notFound');
    return { ...stored, name: params.name };
  }

  /** A monitoring report of a baseline queued once its selection holds data. */
  async function queueMonitoring(
    auth: AuthContext,
    place: { name: string; inspection_id: number },
    config: MonitorReportConfig,
    language: Language,
  ) {
    const { inspection, project } = await requireInspection(auth, place.inspection_id);
    await monitoringOf({ projectId: project.id, inspectionId: inspection.id }, config);
    return queue(
      auth,
      { projectId: project.id, teamId: project.team_id, inspectionId: inspection.id },
      {
        template: MONITORING_TEMPLATE,
        sections: [],
        keyDefectIds: null,
        name: place.name,
        fields: [],
        thumbnails: false,
        language,
        monitor: config,
      },
    );
  }

  return {
    pdfAvailable,

    /**
     * A monitoring report (SPEC section 7 "Monitoring"): the project's total-station points and the baseline's drone
     * targets chosen (all when left out), with their displacements in the period, in the caller's language.
     */
    async createMonitor(
      auth: AuthContext,
      body: CallBodyOf<typeof inspectionReportCalls.createMonitor>,
      language: Language,
    ): Promise<InspectionReport> {
      const { inspection } = await requireInspection(auth, body.inspectionId);
      const date = new Date().toISOString().slice(0, 10);
      const name = safeName(
        body.name ||
          interpolate(CATALOGUES[language].inspectionReport.monitoring.fileName, { name: inspection.name, date }),
      );
      const unique = (ids: readonly number[] | undefined) => (ids === undefined ? null : [...new Set(ids)]);
      return queueMonitoring(
        auth,
        { name, inspection_id: inspection.id },
        {
          from: body.from ?? null,
          to: body.to ?? null,
          pointIds: unique(body.pointIds),
          targetIds: unique(body.targetIds),
        },
        language,
      );
    },

    /** A monitoring report written again with its selection from the data as it is now (the older one historical). */
    async againMonitor(auth: AuthContext, id: number): Promise<InspectionReport> {
      const { row } = await requireReport(auth, id);
      if (row.template !== MONITORING_TEMPLATE || !row.monitor) throw new AppError('INSPECTION_REPORT_NOT_EXISTING');
      return queueMonitoring(auth, row, row.monitor, row.language);
    },

    async create(
      auth: AuthContext,
      body: CallBodyOf<typeof inspectionReportCalls.create>,
      language: Language,
    ): Promise<InspectionReport> {
      const { inspection, project } = await requireInspection(auth, body.inspectionId);
      const config = { template: body.template, sections: body.sections, keyDefectIds: body.keyDefectIds ?? null };
      await check(inspection, config);
      const date = new Date().toISOString().slice(0, 10);
      const name = safeName(
        body.name || interpolate(CATALOGUES[language].inspectionReport.fileName, { name: inspection.name, date }),
      );
      return queue(
        auth,
        { projectId: project.id, teamId: project.team_id, inspectionId: inspection.id },
        { ...config, name, fields: body.fields, thumbnails: body.thumbnails, language },
      );
    },

    /** A new report of the same inspection with the same configuration, written from the data as it is now. */
    async again(auth: AuthContext, id: number): Promise<InspectionReport> {
      const { row, inspection, project } = await requireReport(auth, id);
      if (row.template === MONITORING_TEMPLATE) return queueMonitoring(auth, row, row.monitor!, row.language);
      const config = { template: row.template, sections: row.sections, keyDefectIds: row.key_defect_ids };
      await check(inspection, config);
      return queue(
        auth,
        { projectId: project.id, teamId: project.team_id, inspectionId: inspection.id },
        { ...config, name: row.name, fields: row.fields, thumbnails: row.thumbnails, language: row.language },
      );
    },

    /** The job: writes the report's files and ends its record (a deleted report's files are removed again). */
    async run(reportId: number, context: JobContext): Promise<void> {
      const record = await repo.find(reportId);
      if (!record || record.state !== 'generating') return;
      // The data as the report reads it: a change while it is written makes it historical at once.
      const dataVersion = (await versionsOf([record])).get(record.id)!;
      // Files are kept only by a report that ends latest (one deleted meanwhile, or failed, keeps none).
      let kept = false;
      try {
        const monitor = record.template === MONITORING_TEMPLATE ? record.monitor : null;
        const { wordBytes, pdfBytes, count } = monitor
          ? await writeMonitoring(record, monitor, context)
          : await write(record, context);
        // The files count against the team like uploads as the report ends: one that does not fit fails with
        // TEAM_VOLUME_EXCEED.
        kept = await finish(record.id, {
          state: 'latest',
          wordBytes,
          pdfBytes,
          // A monitoring report holds no defects.
          defectCount: monitor ? null : count,
          flagged: !monitor && isLargeDefectExport(count),
          dataVersion,
        });
      } catch (error) {
        // Interrupted (a shutdown, the worker lost): the job runs again and rewrites the files.
        if (context.signal.aborted) throw error;
        const errorKey: ErrorKey = error instanceof AppError ? error.key : 'REPORT_ERROR';
        if (!(error instanceof AppError)) context.log.error({ err: error, reportId }, 'the report failed');
        await finish(record.id, { state: 'failed', errorKey });
      }
      if (!kept) await Promise.all([blobs.delete(record.word_key), blobs.delete(pdfKeyOf(record.word_key))]);
      publish(record);
    },

    async page(
      auth: AuthContext,
      query: {
        inspectionId?: number | undefined;
        projectId?: number | undefined;
        state?: ReportState | undefined;
        pageNum: number;
        pageSize: number;
      },
    ): Promise<Page<InspectionReport>> {
      let scope: Scope;
      if (query.inspectionId !== undefined) {
        await requireInspection(auth, query.inspectionId);
        scope = { inspectionId: query.inspectionId };
      } else {
        await access.require(auth, query.projectId!);
        scope = { projectId: query.projectId! };
      }
      await settle(scope);
      const { rows, total } = await repo.page(scope, query.state, {
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { records: rows.map(present), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async find(auth: AuthContext, id: number): Promise<InspectionReport> {
      const { row } = await requireReport(auth, id);
      await settle({ inspectionId: row.inspection_id });
      return present((await repo.find(id)) ?? row);
    },

    /** Deletes the report and its files, giving their bytes back; a job still writing it removes what it wrote. */
    async remove(auth: AuthContext, id: number): Promise<void> {
      const { row } = await requireReport(auth, id);
      await access.require(auth, row.project_id, { change: true });
      const teamId = await repo.teamOf(row.project_id);
      const freed = await repo.remove(id);
      await Promise.all([blobs.delete(row.word_key), blobs.delete(pdfKeyOf(row.word_key))]);
      if (freed) await deps.quota.release(teamId, freed);
    },

    file,

    /** A written report's PDF, to show inline in the browser. */
    async preview(auth: AuthContext, id: number): Promise<StoredFile & { name: string }> {
      const { row } = await requireReport(auth, id);
      return file(auth, { id, name: `${row.name}.pdf` });
    },
  };
}

export type InspectionReportService = ReturnType<typeof createInspectionReportService>;
