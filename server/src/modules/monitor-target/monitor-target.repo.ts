import { sql, type Insertable, type Kysely } from 'kysely';
import type { TargetFixSource, TargetState } from '@sightline/shared';
import type { Database, MonitorTargetsTable } from '../../platform/db/schema.js';
import { exifOrientation } from '../inspection/inspection-image.repo.js';

export type TargetValues = Omit<
  Insertable<MonitorTargetsTable>,
  'id' | 'state' | 'progress' | 'error_key' | 'job_id' | 'created_at' | 'updated_at'
>;

/** A target's position found or set on a photo, with the round's displacement once computed. */
export interface FixValues {
  x: number | null;
  y: number | null;
  source: TargetFixSource | null;
  score: number | null;
}

export interface FixDisplacement {
  id: number;
  displacementMm: number | null;
  rightMm: number | null;
  downMm: number | null;
}

/** Photo columns the identification and the displacement need. */
const PHOTO_COLUMNS = [
  'img.id',
  'img.name',
  'img.inspection_id',
  'img.image_group_id',
  'img.storage_key',
  'img.state',
  'img.longitude',
  'img.latitude',
  'img.altitude',
  'img.yaw',
  'img.pitch',
  'img.roll',
  'img.width_px',
  'img.height_px',
  exifOrientation('img.metadata'),
] as const;

/** SQL of monitoring targets and their positions on photos. */
export function createMonitorTargetRepo(db: Kysely<Database>) {
  /** Targets with their photo's name, baseline position and latest measured round. */
  function selectTargets() {
    return (
      db
        .selectFrom('monitor_targets as t')
        .innerJoin('inspection_images as img', 'img.id', 't.image_id')
        // The job's id is a uuid, the target's column text.
        .leftJoin('jobs as j', (join) => join.on(sql<boolean>`j.id::text = t.job_id`))
        .selectAll('t')
        .select('img.name as image_name')
        .select('j.state as job_state')
        .select((eb) => [
          eb
            .selectFrom('monitor_target_fixes as f')
            .select('f.x')
            .whereRef('f.target_id', '=', 't.id')
            .whereRef('f.image_id', '=', 't.image_id')
            .as('base_x'),
          eb
            .selectFrom('monitor_target_fixes as f')
            .select('f.y')
            .whereRef('f.target_id', '=', 't.id')
            .whereRef('f.image_id', '=', 't.image_id')
            .as('base_y'),
          eb
            .selectFrom('monitor_target_fixes as f')
            .innerJoin('inspection_images as fi', 'fi.id', 'f.image_id')
            .innerJoin('inspections as fin', 'fin.id', 'fi.inspection_id')
            .select(sql<string>`f.displacement_mm::text || ':' || f.alarm::text`.as('latest'))
            .whereRef('f.target_id', '=', 't.id')
            .where('f.displacement_mm', 'is not', null)
            .where('fin.deleted_at', 'is', null)
            .orderBy('fin.inspection_date', 'desc')
            .orderBy('fin.id', 'desc')
            .limit(1)
            .as('latest'),
        ])
    );
  }

  return {
    /**
     * Inserts a target being identified and its identification job in one transaction, so the job exists exactly
     * when the target does; answers the target's id.
     */
    createWithJob(values: TargetValues, enqueue: (trx: Kysely<Database>, targetId: number) => Promise<string>) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('monitor_targets')
          .values({ ...values, state: 'identifying' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const jobId = await enqueue(trx, id);
        await trx.updateTable('monitor_targets').set({ job_id: jobId }).where('id', '=', id).execute();
        return id;
      });
    },

    /**
     * Moves a target in state `from` back to identifying with a new job, in one transaction; false if it was not in
     * that state.
     */
    retryWithJob(
      id: number,
      from: 'failure' | 'identified',
      enqueue: (trx: Kysely<Database>, targetId: number) => Promise<string>,
    ) {
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('monitor_targets')
          .set({ state: 'identifying', progress: 0, error_key: null, updated_at: new Date() })
          .where('id', '=', id)
          .where('state', '=', from)
          .returning('id')
          .executeTakeFirst();
        if (!moved) return false;
        const jobId = await enqueue(trx, id);
        await trx.updateTable('monitor_targets').set({ job_id: jobId }).where('id', '=', id).execute();
        return true;
      });
    },

    /**
     * Identified targets whose project received photos since the target last changed, once none of the project's
     * photos is still uploading or being read: their new rounds may need identifying.
     */
    targetsWithNewPhotos(limit: number) {
      return selectTargets()
        .where('t.state', '=', 'identified')
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('inspection_images as ni')
              .innerJoin('inspections as nin', 'nin.id', 'ni.inspection_id')
              .select('ni.id')
              .whereRef('nin.project_id', '=', 't.project_id')
              .where('nin.deleted_at', 'is', null)
              .whereRef('ni.created_at', '>', 't.updated_at'),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('inspection_images as ui')
                .innerJoin('inspections as uin', 'uin.id', 'ui.inspection_id')
                .select('ui.id')
                .whereRef('uin.project_id', '=', 't.project_id')
                .where('ui.state', 'in', ['uploading', 'uploaded']),
            ),
          ),
        )
        .orderBy('t.updated_at')
        .limit(limit)
        .execute();
    },

    /** Marks a target checked for new rounds. */
    async touch(id: number) {
      await db.updateTable('monitor_targets').set({ updated_at: new Date() }).where('id', '=', id).execute();
    },

    project(projectId: number) {
      return db.selectFrom('projects').select(['name', 'team_id']).where('id', '=', projectId).executeTakeFirst();
    },

    inspection(id: number) {
      return db
        .selectFrom('inspections')
        .select(['id', 'name', 'inspection_date'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },

    findTarget(id: number) {
      return selectTargets().where('t.id', '=', id).executeTakeFirst();
    },

    findTargets(ids: readonly number[]) {
      return db.selectFrom('monitor_targets').selectAll().where('id', 'in', ids).orderBy('id').execute();
    },

    async pageTargets(projectId: number, options: { state?: TargetState | undefined; offset: number; limit: number }) {
      let query = db.selectFrom('monitor_targets').where('project_id', '=', projectId);
      if (options.state) query = query.where('state', '=', options.state);
      const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      let rows = selectTargets().where('t.project_id', '=', projectId);
      if (options.state) rows = rows.where('t.state', '=', options.state);
      return {
        total: Number(total.n),
        rows: await rows.orderBy('t.id', 'desc').offset(options.offset).limit(options.limit).execute(),
      };
    },

    projectTargets(projectId: number, ids?: readonly number[]) {
      let query = selectTargets().where('t.project_id', '=', projectId);
      if (ids) query = query.where('t.id', 'in', ids.length > 0 ? ids : [0]);
      return query.orderBy('t.id').execute();
    },

    async setThreshold(ids: readonly number[], thresholdMm: number) {
      await db
        .updateTable('monitor_targets')
        .set({ threshold_mm: thresholdMm, updated_at: new Date() })
        .where('id', 'in', ids)
        .execute();
    },

    async deleteTargets(ids: readonly number[]) {
      const result = await db.deleteFrom('monitor_targets').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Moves a target from one of `from` to `to` (with other columns), answering the row, or undefined if it was not. */
    moveState(
      id: number,
      from: readonly TargetState[],
      to: TargetState,
      extra: { progress?: number; error_key?: string | null; job_id?: string | null } = {},
    ) {
      return db
        .updateTable('monitor_targets')
        .set({ state: to, ...extra, updated_at: new Date() })
        .where('id', '=', id)
        .where('state', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },

    setProgress(id: number, progress: number) {
      return db
        .updateTable('monitor_targets')
        .set({ progress })
        .where('id', '=', id)
        .where('state', '=', 'identifying')
        .returningAll()
        .executeTakeFirst();
    },

    /** A photo with its inspection and project, or undefined for a photo of a binned inspection or none. */
    findPhoto(id: number) {
      return db
        .selectFrom('inspection_images as img')
        .innerJoin('inspections as ins', 'ins.id', 'img.inspection_id')
        .select(PHOTO_COLUMNS)
        .select(['ins.project_id', 'ins.inspection_date', 'ins.name as inspection_name'])
        .where('img.id', '=', id)
        .where('ins.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** An inspection's listed photos in name order: a round's photo matches the baseline's at the same place. */
    inspectionPhotos(inspectionId: number) {
      return db
        .selectFrom('inspection_images as img')
        .select(PHOTO_COLUMNS)
        .where('img.inspection_id', '=', inspectionId)
        .where('img.state', '!=', 'uploading')
        .orderBy('img.name')
        .orderBy('img.id')
        .execute();
    },

    /** The monitoring rounds after the baseline inspection: the project's later live inspections, oldest first. */
    async laterInspections(baselineInspectionId: number) {
      const baseline = await db
        .selectFrom('inspections')
        .select(['id', 'project_id', 'inspection_date'])
        .where('id', '=', baselineInspectionId)
        .executeTakeFirstOrThrow();
      return db
        .selectFrom('inspections')
        .select(['id', 'name', 'inspection_date'])
        .where('project_id', '=', baseline.project_id)
        .where('deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('inspection_date', '>', baseline.inspection_date),
            eb.and([eb('inspection_date', '=', baseline.inspection_date), eb('id', '>', baseline.id)]),
          ]),
        )
        .orderBy('inspection_date')
        .orderBy('id')
        .execute();
    },

    /** The project's baseline inspections (those its targets were picked on), oldest first, with their targets. */
    baselines(projectId: number) {
      return db
        .selectFrom('inspections as ins')
        .innerJoin('monitor_targets as t', 't.inspection_id', 'ins.id')
        .select(['ins.id', 'ins.name', 'ins.inspection_date', 'ins.description'])
        .select((eb) => eb.fn.countAll<string>().as('target_count'))
        .where('t.project_id', '=', projectId)
        .where('ins.deleted_at', 'is', null)
        .groupBy(['ins.id', 'ins.name', 'ins.inspection_date', 'ins.description'])
        .orderBy('ins.inspection_date')
        .orderBy('ins.id')
        .execute();
    },

    /** How many listed photos (as inspectionPhotos lists them) each inspection has. */
    async photoCounts(inspectionIds: readonly number[]) {
      const rows = await db
        .selectFrom('inspection_images')
        .select('inspection_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('inspection_id', 'in', inspectionIds.length > 0 ? inspectionIds : [0])
        .where('state', '!=', 'uploading')
        .groupBy('inspection_id')
        .execute();
      return new Map(rows.map((row) => [row.inspection_id, Number(row.n)]));
    },

    groups(inspectionIds: readonly number[]) {
      return db
        .selectFrom('inspection_image_groups')
        .select(['id', 'photo_distance_m', 'sensor_width_mm', 'sensor_height_mm', 'focal_length_mm'])
        .select(['image_width_px', 'image_height_px'])
        .where('inspection_id', 'in', inspectionIds.length > 0 ? inspectionIds : [0])
        .execute();
    },

    /** The target's positions with their photo and inspection (binned inspections left out). */
    fixes(targetId: number) {
      return db
        .selectFrom('monitor_target_fixes as f')
        .innerJoin('inspection_images as img', 'img.id', 'f.image_id')
        .innerJoin('inspections as ins', 'ins.id', 'img.inspection_id')
        .selectAll('f')
        .select(['img.name as image_name', 'img.inspection_id'])
        .select(['ins.name as inspection_name', 'ins.inspection_date'])
        .where('f.target_id', '=', targetId)
        .where('ins.deleted_at', 'is', null)
        .orderBy('ins.inspection_date')
        .orderBy('ins.id')
        .execute();
    },

    /** Stores a position; a position set by hand stays unless `manual` (a detection never overwrites a hand's fix). */
    async saveFix(targetId: number, imageId: number, fix: FixValues) {
      const manual = fix.source === 'manual';
      await db
        .insertInto('monitor_target_fixes')
        .values({ target_id: targetId, image_id: imageId, ...fix })
        .onConflict((conflict) =>
          conflict
            .columns(['target_id', 'image_id'])
            .doUpdateSet({ ...fix, updated_at: new Date() })
            .where(manual ? sql<boolean>`true` : sql<boolean>`monitor_target_fixes.source is distinct from 'manual'`),
        )
        .execute();
    },

    /**
     * Writes computed displacements in one statement, each an alarm when above its target's threshold as stored at
     * that moment: a threshold set while a job computed the displacements (it read the target before) still decides.
     * Answers the fixes that newly crossed their threshold, with that threshold.
     */
    async writeDisplacements(changes: readonly FixDisplacement[]): Promise<Array<{ id: number; thresholdMm: number }>> {
      if (changes.length === 0) return [];
      const values = sql.join(
        changes.map(
          (change) =>
            sql`(${change.id}::integer, ${change.displacementMm}::double precision, ${change.rightMm}::double precision, ${change.downMm}::double precision)`,
        ),
      );
      return db.transaction().execute(async (trx) => {
        await sql`
          update monitor_target_fixes as f
          set displacement_mm = v.displacement_mm, right_mm = v.right_mm, down_mm = v.down_mm,
            alarm = coalesce(v.displacement_mm > t.threshold_mm, false)
          from (values ${values}) as v(id, displacement_mm, right_mm, down_mm), monitor_targets as t
          where f.id = v.id and t.id = f.target_id`.execute(trx);
        const fresh = await sql<{ id: number; threshold_mm: number }>`
          update monitor_target_fixes as f
          set alarm_notified_at = now()
          from monitor_targets as t
          where t.id = f.target_id and f.alarm and f.alarm_notified_at is null
            and f.id in (${sql.join(changes.map((change) => change.id))})
          returning f.id, t.threshold_mm`.execute(trx);
        return fresh.rows.map((row) => ({ id: row.id, thresholdMm: row.threshold_mm }));
      });
    },
  };
}

export type MonitorTargetRepo = ReturnType<typeof createMonitorTargetRepo>;
export type TargetRow = NonNullable<Awaited<ReturnType<MonitorTargetRepo['findTarget']>>>;
export type TargetPhoto = Awaited<ReturnType<MonitorTargetRepo['inspectionPhotos']>>[number];
export type TargetFixRow = Awaited<ReturnType<MonitorTargetRepo['fixes']>>[number];
