import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** A point's fields as stored: GPS already in integer 1e-7 degrees. */
export interface MonitorPointValues {
  name: string;
  lonE7: number;
  latE7: number;
  baseX: number;
  baseY: number;
  baseZ: number | null;
  thresholdMm: number;
  temperature: number;
}

export interface SurveyValues {
  monitorTime: string;
  temperature: number;
  x: number;
  y: number;
}

/** The displacements the service computed for one stored record. */
export interface RecordDisplacement {
  id: number;
  currentMm: number;
  cumulativeMm: number;
  alarm: boolean;
}

function pointColumns(values: MonitorPointValues) {
  return {
    name: values.name,
    lon_e7: values.lonE7,
    lat_e7: values.latE7,
    base_x: values.baseX,
    base_y: values.baseY,
    base_z: values.baseZ,
    threshold_mm: values.thresholdMm,
    temperature: values.temperature,
  };
}

/** SQL of monitoring points and their displacement records. */
export function createMonitorPointRepo(db: Kysely<Database>) {
  /** Points with their record count and latest survey (by time), oldest point first unless `desc`. */
  function selectPoints(executor: Kysely<Database>) {
    return executor
      .selectFrom('monitor_points as p')
      .selectAll('p')
      .select((eb) => [
        eb
          .selectFrom('displacement_records as r')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('r.monitor_point_id', '=', 'p.id')
          .as('record_count'),
        eb
          .selectFrom('displacement_records as r')
          .select('r.cumulative_mm')
          .whereRef('r.monitor_point_id', '=', 'p.id')
          .orderBy('r.monitor_time', 'desc')
          .limit(1)
          .as('latest_cumulative_mm'),
        eb
          .selectFrom('displacement_records as r')
          .select('r.alarm')
          .whereRef('r.monitor_point_id', '=', 'p.id')
          .orderBy('r.monitor_time', 'desc')
          .limit(1)
          .as('latest_alarm'),
      ]);
  }

  return {
    listPoints(projectId: number, options: { desc?: boolean | undefined; ids?: readonly number[] } = {}) {
      let query = selectPoints(db).where('p.project_id', '=', projectId);
      if (options.ids) query = query.where('p.id', 'in', options.ids.length > 0 ? options.ids : [0]);
      return query.orderBy('p.id', options.desc ? 'desc' : 'asc').execute();
    },

    findPoint(id: number) {
      return db.selectFrom('monitor_points').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** These points; ids that name no point are left out. */
    findPoints(ids: readonly number[]) {
      return db.selectFrom('monitor_points').selectAll().where('id', 'in', ids).orderBy('id').execute();
    },

    /** Which of these names (compared without case) the project's points use. */
    async takenNames(projectId: number, names: readonly string[], exceptId?: number) {
      let query = db
        .selectFrom('monitor_points')
        .select('name')
        .where('project_id', '=', projectId)
        .where(
          sql<string>`lower(name)`,
          'in',
          names.map((name) => name.toLowerCase()),
        );
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.execute()).map((row) => row.name);
    },

    /** Whether one of these places (integer 1e-7 degrees) holds a point of the project. */
    async gpsTaken(projectId: number, places: ReadonlyArray<{ lonE7: number; latE7: number }>, exceptId?: number) {
      let query = db
        .selectFrom('monitor_points')
        .select('id')
        .where('project_id', '=', projectId)
        .where((eb) =>
          eb.or(places.map((place) => eb.and([eb('lon_e7', '=', place.lonE7), eb('lat_e7', '=', place.latE7)]))),
        );
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    async insertPoints(projectId: number, points: readonly MonitorPointValues[], userId: number) {
      const rows = await db
        .insertInto('monitor_points')
        .values(points.map((point) => ({ project_id: projectId, created_by: userId, ...pointColumns(point) })))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Changes a point inside a transaction that recomputes its records (the threshold decides their alarms). */
    updatePoint(trx: Transaction<Database>, id: number, values: MonitorPointValues) {
      return trx
        .updateTable('monitor_points')
        .set({ ...pointColumns(values), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    setThreshold(trx: Transaction<Database>, id: number, thresholdMm: number) {
      return trx
        .updateTable('monitor_points')
        .set({ threshold_mm: thresholdMm, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async deletePoints(ids: readonly number[]) {
      const result = await db.deleteFrom('monitor_points').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    listRecords(pointId: number, executor: Kysely<Database> = db) {
      return executor
        .selectFrom('displacement_records')
        .selectAll()
        .where('monitor_point_id', '=', pointId)
        .orderBy('monitor_time')
        .execute();
    },

    findRecord(id: number) {
      return db.selectFrom('displacement_records').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async takenTimes(pointId: number, times: readonly string[], exceptId?: number) {
      let query = db
        .selectFrom('displacement_records')
        .select('monitor_time')
        .where('monitor_point_id', '=', pointId)
        .where('monitor_time', 'in', times);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return new Set((await query.execute()).map((row) => row.monitor_time));
    },

    /**
     * Runs a change of a point's records in a transaction that holds the point's row, so two writers of one point
     * recompute its series one after the other; `change` gets the locked point.
     */
    withPointLocked<T>(
      pointId: number,
      change: (trx: Transaction<Database>, point: Awaited<ReturnType<typeof lockPoint>>) => Promise<T>,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => change(trx, await lockPoint(trx, pointId)));
    },

    insertRecords(trx: Transaction<Database>, pointId: number, surveys: readonly SurveyValues[], userId: number) {
      return trx
        .insertInto('displacement_records')
        .values(
          surveys.map((survey) => ({
            monitor_point_id: pointId,
            monitor_time: survey.monitorTime,
            temperature: survey.temperature,
            x: survey.x,
            y: survey.y,
            // Placeholders: the series is computed right after, in the same transaction.
            current_mm: 0,
            cumulative_mm: 0,
            created_by: userId,
          })),
        )
        .execute();
    },

    updateRecord(trx: Transaction<Database>, id: number, survey: SurveyValues) {
      return trx
        .updateTable('displacement_records')
        .set({
          monitor_time: survey.monitorTime,
          temperature: survey.temperature,
          x: survey.x,
          y: survey.y,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },

    deleteRecord(trx: Transaction<Database>, id: number) {
      return trx.deleteFrom('displacement_records').where('id', '=', id).execute();
    },

    /** Writes computed displacements in one statement. */
    async writeDisplacements(trx: Transaction<Database>, changes: readonly RecordDisplacement[]) {
      if (changes.length === 0) return;
      const values = sql.join(
        changes.map(
          (change) =>
            sql`(${change.id}::integer, ${change.currentMm}::double precision, ${change.cumulativeMm}::double precision, ${change.alarm}::boolean)`,
        ),
      );
      await sql`
        update displacement_records as r
        set current_mm = v.current_mm, cumulative_mm = v.cumulative_mm, alarm = v.alarm
        from (values ${values}) as v(id, current_mm, cumulative_mm, alarm)
        where r.id = v.id`.execute(trx);
    },

    async markNotified(trx: Transaction<Database>, ids: readonly number[]) {
      if (ids.length === 0) return;
      await trx
        .updateTable('displacement_records')
        .set({ alarm_notified_at: new Date() })
        .where('id', 'in', ids)
        .execute();
    },
  };
}

function lockPoint(trx: Transaction<Database>, pointId: number) {
  return trx.selectFrom('monitor_points').selectAll().where('id', '=', pointId).forUpdate().executeTakeFirstOrThrow();
}

export type MonitorPointRepo = ReturnType<typeof createMonitorPointRepo>;
export type MonitorPointRow = Awaited<ReturnType<MonitorPointRepo['listPoints']>>[number];
export type DisplacementRecordRow = Awaited<ReturnType<MonitorPointRepo['listRecords']>>[number];
