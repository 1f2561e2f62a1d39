import { sql, type Kysely, type UpdateObject } from 'kysely';
import type { Database } from '../db/schema.js';
import type { JobState } from './job-definition.js';

const LIVE_STATES: JobState[] = ['queued', 'running'];

/** SQL of the `jobs` table. Every state change names the state it expects, so races resolve in the database. */
export function createJobStore(db: Kysely<Database>) {
  /** Changes a job only while this worker runs it; false when it is no longer this worker's to change. */
  async function updateOwnRunningJob(id: string, workerId: string, values: UpdateObject<Database, 'jobs'>) {
    const row = await db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('worker_id', '=', workerId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    /** Inserts a queued job, or returns the live job holding the same singleton key. */
    async insert(
      trx: Kysely<Database>,
      job: { id: string; name: string; version: number; payload: unknown; singletonKey: string | null },
    ): Promise<{ id: string; created: boolean }> {
      const inserted = await trx
        .insertInto('jobs')
        .values({
          id: job.id,
          name: job.name,
          version: job.version,
          payload: JSON.stringify(job.payload),
          singleton_key: job.singletonKey,
        })
        // The predicate is literal SQL: PostgreSQL matches it against the partial index before binding parameters.
        .onConflict((conflict) =>
          conflict
            .columns(['name', 'singleton_key'])
            .where(sql<boolean>`singleton_key is not null and state in ('queued', 'running')`)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      const live = await trx
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', job.name)
        .where('singleton_key', '=', job.singletonKey)
        .where('state', 'in', LIVE_STATES)
        .executeTakeFirstOrThrow();
      return { id: live.id, created: false };
    },

    findById(id: string) {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Takes the queued jobs among `ids` for this worker, in one statement for a worker's whole delivery; those gone,
     * finished, cancelled or taken are left out.
     */
    claim(ids: readonly string[], workerId: string) {
      return db
        .updateTable('jobs')
        .set({
          state: 'running',
          worker_id: workerId,
          heartbeat_at: sql<Date>`now()`,
          started_at: sql<Date>`coalesce(started_at, now())`,
          attempts: sql<number>`attempts + 1`,
        })
        .where('id', 'in', ids)
        .where('state', '=', 'queued')
        .returningAll()
        .execute();
    },

    /** Proves the worker alive and stores progress; false when the job is no longer this worker's to run. */
    heartbeat(id: string, workerId: string, progress: { fraction: number; detail: unknown }): Promise<boolean> {
      return updateOwnRunningJob(id, workerId, {
        heartbeat_at: sql<Date>`now()`,
        progress: progress.fraction,
        progress_detail: progress.detail === undefined ? null : JSON.stringify(progress.detail),
      });
    },

    finish(
      id: string,
      workerId: string,
      outcome: { state: 'done'; result: unknown } | { state: 'failed'; errorKey: string },
    ): Promise<boolean> {
      return updateOwnRunningJob(
        id,
        workerId,
        outcome.state === 'done'
          ? {
              state: 'done',
              progress: 1,
              result: JSON.stringify(outcome.result ?? null),
              finished_at: sql<Date>`now()`,
            }
          : { state: 'failed', error_key: outcome.errorKey, finished_at: sql<Date>`now()` },
      );
    },

    /** Puts a job this worker (or a dead one) was running back in the queue. */
    requeue(id: string, workerId: string): Promise<boolean> {
      return updateOwnRunningJob(id, workerId, { state: 'queued', worker_id: null });
    },

    cancel(id: string) {
      return db
        .updateTable('jobs')
        .set({ state: 'cancelled', finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('state', 'in', LIVE_STATES)
        .returning(['id', 'name', 'payload', 'progress'])
        .executeTakeFirst();
    },

    /** Running jobs of other workers, with whether their heartbeat (by the database's clock) is stale. */
    /**
     * Deliveries a worker fetched but never claimed (its process stopped in between): the delivery sits active in
     * the queue's schema until it expires, a day later, while our row still reads queued. A live worker claims
     * within milliseconds of fetching, so one active past `staleAfterMs` with its row queued is stranded.
     */
    async findStrandedDeliveries(queueSchema: string, staleAfterMs: number) {
      const { rows } = await sql<{ deliveryId: string; name: string; jobId: string }>`
        select delivery.id as "deliveryId", delivery.name, job.id as "jobId"
        from ${sql.table(`${queueSchema}.job`)} as delivery
        join jobs as job on job.id::text = delivery.data->>'jobId'
        where delivery.state = 'active'
          and delivery.started_on < now() - make_interval(secs => ${staleAfterMs / 1000})
          and job.state = 'queued'`.execute(db);
      return rows;
    },
    findRunningElsewhere(workerId: string, staleAfterMs: number) {
      return db
        .selectFrom('jobs')
        .select([
          'id',
          'name',
          'worker_id',
          sql<boolean>`heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${staleAfterMs / 1000})`.as(
            'stale',
          ),
        ])
        .where('state', '=', 'running')
        .where('worker_id', '!=', workerId)
        .execute();
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
