import {
  AppError,
  MONITOR_GPS_DECIMALS,
  type DisplacementRecord,
  type FieldIssue,
  type MonitorPoint,
} from '@sightline/shared';
import { displacementSeries, thresholdCrossings } from '@sightline/geo';
import type { Transaction } from 'kysely';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { Database } from '../../platform/db/schema.js';
import { refusingDuplicates } from '../../platform/db/sql-helpers.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { ProjectRow } from '../project/project.repo.js';
import type {
  DisplacementRecordRow,
  MonitorPointRepo,
  MonitorPointRow,
  MonitorPointValues,
  SurveyValues,
} from './monitor-point.repo.js';

const GPS_SCALE = 10 ** MONITOR_GPS_DECIMALS;

/** A point's fields as the contract gives them (GPS already rounded to 1e-7 degrees by the schema). */
export interface PointInput {
  name: string;
  lon: number;
  lat: number;
  baseX: number;
  baseY: number;
  baseZ?: number | null | undefined;
  thresholdMm: number;
  temperature: number;
}

function toValues(point: PointInput): MonitorPointValues {
  return {
    name: point.name,
    lonE7: Math.round(point.lon * GPS_SCALE),
    latE7: Math.round(point.lat * GPS_SCALE),
    baseX: point.baseX,
    baseY: point.baseY,
    baseZ: point.baseZ ?? null,
    thresholdMm: point.thresholdMm,
    temperature: point.temperature,
  };
}

function presentPoint(row: MonitorPointRow): MonitorPoint {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    lon: row.lon_e7 / GPS_SCALE,
    lat: row.lat_e7 / GPS_SCALE,
    baseX: row.base_x,
    baseY: row.base_y,
    baseZ: row.base_z,
    thresholdMm: row.threshold_mm,
    temperature: row.temperature,
    recordCount: Number(row.record_count ?? 0),
    latestCumulativeMm: row.latest_cumulative_mm ?? null,
    alarm: row.latest_alarm ?? false,
    createdAt: row.created_at.toISOString(),
  };
}

function presentRecord(row: DisplacementRecordRow): DisplacementRecord {
  return {
    id: row.id,
    monitorPointId: row.monitor_point_id,
    monitorTime: row.monitor_time,
    temperature: row.temperature,
    x: row.x,
    y: row.y,
    currentMm: row.current_mm,
    cumulativeMm: row.cumulative_mm,
    alarm: row.alarm,
  };
}

/** The first index whose key an earlier one already had. */
function repeatedIndex<T>(items: readonly T[], key: (item: T) => string): number {
  const seen = new Set<string>();
  return items.findIndex((item) => {
    const value = key(item);
    if (seen.has(value)) return true;
    seen.add(value);
    return false;
  });
}

interface Crossing {
  record: DisplacementRecordRow;
  cumulativeMm: number;
}

/**
 * Total-station monitoring (SPEC sections 3, 5, 7): points per project and their surveys, whose displacements the
 * server computes (packages/geo displacement.ts) and recomputes for every later survey when one is inserted, edited
 * or deleted. A survey that takes the cumulative displacement over the threshold raises one notice per crossing to
 * everyone who sees the project.
 */
export function createMonitorPointService({
  repo,
  access,
  notices,
}: {
  repo: MonitorPointRepo;
  access: ProjectAccess;
  notices: Pick<NoticeService, 'notify'>;
}) {
  async function pointsOf(projectId: number, ids: readonly number[]) {
    return (await repo.listPoints(projectId, { ids })).map(presentPoint);
  }

  /** The point and its project, checked for the caller; MONITOR_POINT_NOT_EXISTING for no such point. */
  async function requirePoint(auth: AuthContext, id: number, options: { change?: boolean } = {}) {
    const point = await repo.findPoint(id);
    if (!point) throw new AppError('MONITOR_POINT_NOT_EXISTING');
    const project = await access.require(auth, point.project_id, options);
    return { point, project };
  }

  /** Names and places unique in the project, among the points given and against the stored ones. */
  async function checkUnique(projectId: number, points: readonly MonitorPointValues[], exceptId?: number) {
    const nameRepeat = repeatedIndex(points, (point) => point.name.toLowerCase());
    const taken = (
      await repo.takenNames(
        projectId,
        points.map((point) => point.name),
        exceptId,
      )
    )[0];
    const name = points[nameRepeat]?.name ?? taken;
    if (name !== undefined) throw new AppError('MONITOR_POINT_NAME_EXISTING', { params: { name } });
    const placeRepeat = repeatedIndex(points, (point) => `${point.lonE7},${point.latE7}`);
    if (placeRepeat !== -1 || (await repo.gpsTaken(projectId, points, exceptId))) {
      throw new AppError('MONITOR_POINT_GPS_EXISTING');
    }
  }

  /**
   * Computes the point's series again and stores what changed; answers the surveys that newly cross the threshold,
   * marked as announced in the same transaction so a crossing is announced once.
   */
  async function recompute(trx: Transaction<Database>, pointId: number): Promise<Crossing[]> {
    const point = await trx
      .selectFrom('monitor_points')
      .selectAll()
      .where('id', '=', pointId)
      .executeTakeFirstOrThrow();
    const records = await repo.listRecords(pointId, trx);
    const series = displacementSeries({ x: point.base_x, y: point.base_y }, records);
    const crossings = thresholdCrossings(series, point.threshold_mm);
    const changes = records.flatMap((record, index) => {
      const { currentMm, cumulativeMm } = series[index] as (typeof series)[number];
      const alarm = cumulativeMm > point.threshold_mm;
      const same = record.current_mm === currentMm && record.cumulative_mm === cumulativeMm && record.alarm === alarm;
      return same ? [] : [{ id: record.id, currentMm, cumulativeMm, alarm }];
    });
    await repo.writeDisplacements(trx, changes);
    const fresh = records.flatMap((record, index) =>
      crossings[index] && record.alarm_notified_at === null
        ? [{ record, cumulativeMm: (series[index] as (typeof series)[number]).cumulativeMm }]
        : [],
    );
    await repo.markNotified(
      trx,
      fresh.map((crossing) => crossing.record.id),
    );
    return fresh;
  }

  /** One notice per new crossing to each member who sees the project. */
  async function announce(
    project: ProjectRow,
    point: { name: string; threshold_mm: number },
    crossings: readonly Crossing[],
  ) {
    if (crossings.length === 0) return;
    const recipients = await access.viewers(project.id);
    for (const crossing of crossings) {
      for (const userId of recipients) {
        await notices.notify({
          userId,
          teamId: project.team_id,
          type: 'project',
          title: 'monitorUi.notice.alarmTitle',
          content: 'monitorUi.notice.alarmContent',
          params: {
            project: project.name,
            point: point.name,
            time: crossing.record.monitor_time,
            cumulative: crossing.cumulativeMm,
            threshold: point.threshold_mm,
          },
        });
      }
    }
  }

  /** Changes a point's surveys under its lock, recomputes the series, then announces new crossings. */
  async function changeSeries(
    project: ProjectRow,
    pointId: number,
    change: (trx: Transaction<Database>) => Promise<unknown>,
  ): Promise<DisplacementRecord[]> {
    const { point, crossings } = await repo.withPointLocked(pointId, async (trx, locked) => {
      await change(trx);
      const found = await recompute(trx, pointId);
      const updated = await trx.selectFrom('monitor_points').selectAll().where('id', '=', pointId).executeTakeFirst();
      return { point: updated ?? locked, crossings: found };
    });
    await announce(project, point, crossings);
    return (await repo.listRecords(pointId)).map(presentRecord);
  }

  /** Refuses survey times taken by the point or repeated among the surveys given, naming each row. */
  async function checkTimes(
    pointId: number,
    surveys: readonly SurveyValues[],
    options: { exceptId?: number; pathOf: (index: number) => string },
  ) {
    const taken = await repo.takenTimes(
      pointId,
      surveys.map((survey) => survey.monitorTime),
      options.exceptId,
    );
    const seen = new Set<string>();
    const issues: FieldIssue[] = [];
    surveys.forEach((survey, index) => {
      const key = seen.has(survey.monitorTime)
        ? 'monitorTimeRepeated'
        : taken.has(survey.monitorTime)
          ? 'monitorTimeTaken'
          : null;
      seen.add(survey.monitorTime);
      if (key) issues.push({ path: options.pathOf(index), key });
    });
    if (issues.length > 0) {
      throw new AppError('MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING', { data: { issues } });
    }
  }

  const timeRefusal = (write: Promise<unknown>) =>
    refusingDuplicates(write, 'MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING', 'displacement_records_time_key');

  /**
   * Points to change, all checked for the caller before any changes; unknown ids answer MONITOR_POINT_NOT_EXISTING.
   */
  async function requirePoints(auth: AuthContext, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const points = await repo.findPoints(unique);
    if (points.length !== unique.length) throw new AppError('MONITOR_POINT_NOT_EXISTING');
    const projects = new Map<number, ProjectRow>();
    for (const projectId of new Set(points.map((point) => point.project_id))) {
      projects.set(projectId, await access.require(auth, projectId, { change: true }));
    }
    return { points, projects };
  }

  return {
    async list(auth: AuthContext, projectId: number, desc?: boolean) {
      await access.require(auth, projectId);
      return (await repo.listPoints(projectId, { desc })).map(presentPoint);
    },

    async createMany(auth: AuthContext, projectId: number, points: readonly PointInput[]) {
      await access.require(auth, projectId, { change: true });
      const values = points.map(toValues);
      await checkUnique(projectId, values);
      const ids = await refusingDuplicates(
        refusingDuplicates(
          repo.insertPoints(projectId, values, auth.userId),
          'MONITOR_POINT_NAME_EXISTING',
          'monitor_points_name_key',
        ),
        'MONITOR_POINT_GPS_EXISTING',
        'monitor_points_gps_key',
      );
      return pointsOf(projectId, ids);
    },

    async update(auth: AuthContext, id: number, input: PointInput) {
      const { point, project } = await requirePoint(auth, id, { change: true });
      const values = toValues(input);
      await checkUnique(point.project_id, [values], id);
      const crossings = await refusingDuplicates(
        refusingDuplicates(
          repo.withPointLocked(id, async (trx) => {
            await repo.updatePoint(trx, id, values);
            return recompute(trx, id);
          }),
          'MONITOR_POINT_NAME_EXISTING',
          'monitor_points_name_key',
        ),
        'MONITOR_POINT_GPS_EXISTING',
        'monitor_points_gps_key',
      );
      await announce(project, { name: values.name, threshold_mm: values.thresholdMm }, crossings);
      const [updated] = await pointsOf(point.project_id, [id]);
      return updated as MonitorPoint;
    },

    async setThresholds(auth: AuthContext, ids: readonly number[], thresholdMm: number) {
      const { points, projects } = await requirePoints(auth, ids);
      for (const point of points) {
        const crossings = await repo.withPointLocked(point.id, async (trx) => {
          await repo.setThreshold(trx, point.id, thresholdMm);
          return recompute(trx, point.id);
        });
        const project = projects.get(point.project_id) as ProjectRow;
        await announce(project, { name: point.name, threshold_mm: thresholdMm }, crossings);
      }
      const lists = await Promise.all(
        [...projects.keys()].map((projectId) =>
          pointsOf(
            projectId,
            points.filter((point) => point.project_id === projectId).map((point) => point.id),
          ),
        ),
      );
      return lists.flat();
    },

    async remove(auth: AuthContext, ids: readonly number[]) {
      await requirePoints(auth, ids);
      return { count: await repo.deletePoints([...new Set(ids)]) };
    },

    async listRecords(auth: AuthContext, pointId: number) {
      await requirePoint(auth, pointId);
      return (await repo.listRecords(pointId)).map(presentRecord);
    },

    async createRecords(auth: AuthContext, pointId: number, surveys: readonly SurveyValues[], single = false) {
      const { project } = await requirePoint(auth, pointId, { change: true });
      await checkTimes(pointId, surveys, {
        pathOf: (index) => (single ? 'monitorTime' : `records.${index}.monitorTime`),
      });
      return changeSeries(project, pointId, (trx) =>
        timeRefusal(repo.insertRecords(trx, pointId, surveys, auth.userId)),
      );
    },

    async updateRecord(auth: AuthContext, id: number, survey: SurveyValues) {
      const record = await repo.findRecord(id);
      if (!record) throw new AppError('MONITOR_POINT_DISPLACEMENT_ERROR');
      const pointId = record.monitor_point_id;
      const { project } = await requirePoint(auth, pointId, { change: true });
      await checkTimes(pointId, [survey], { exceptId: id, pathOf: () => 'monitorTime' });
      return changeSeries(project, pointId, (trx) => timeRefusal(repo.updateRecord(trx, id, survey)));
    },

    async removeRecord(auth: AuthContext, id: number) {
      const record = await repo.findRecord(id);
      if (!record) throw new AppError('MONITOR_POINT_DISPLACEMENT_ERROR');
      const { project } = await requirePoint(auth, record.monitor_point_id, { change: true });
      return changeSeries(project, record.monitor_point_id, (trx) => repo.deleteRecord(trx, id));
    },
  };
}

export type MonitorPointService = ReturnType<typeof createMonitorPointService>;
