import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import PgBoss from 'pg-boss';
import { AppError } from '@sightline/shared';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { JobContext, JobDefinition, JobEvent, JobState } from './job-definition.js';
import { createJobStore } from './job-store.js';

export interface JobQueueOptions {
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  /** How often a running job proves its worker alive (and stores its progress). */
  heartbeatMs?: number;
  /** A running job whose worker has been silent this long is taken back and run again. */
  staleAfterMs?: number;
  /** How often idle workers look for new jobs; jobs enqueued in this process wake them at once. */
  pollingIntervalSeconds?: number;
  /** How long a shutdown waits for interrupted handlers to return before closing anyway. */
  shutdownTimeoutMs?: number;
  /**
   * Whether this process runs handlers (SIGHTLINE_ROLE all or worker). An API process (false) only enqueues,
   * cancels and reads jobs; the recovery of dead workers' jobs and recurring jobs belong to the workers too.
   */
  work?: boolean;
}

export interface EnqueueOptions {
  /** While a job with this key (and name) is queued or running, enqueueing again returns that job. */
  singletonKey?: string;
  /**
   * Enqueue inside the caller's transaction: the job exists exactly when the caller's change commits.
   * Workers find it at their next poll, or at once if the caller calls `wake(name)` after committing.
   */
  transaction?: Kysely<Database>;
}

export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  progress: number;
  errorKey: string | null;
  result: unknown;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

type Interruption = 'shutdown' | 'cancelled' | 'lost';

type ClaimedJob = Awaited<ReturnType<ReturnType<typeof createJobStore>['claim']>>[number];

/** The abort reason handlers see: why their run stopped before it was done. */
export class JobInterrupted extends Error {
  constructor(readonly interruption: Interruption) {
    super(`job ${interruption}`);
    this.name = 'JobInterrupted';
  }
}

const QUEUE_SCHEMA = 'pgboss';
/** The advisory lock that lets one process at a time install the queue's schema and create its queues. */
const QUEUE_SETUP_LOCK = 0x5167_6b01;
const EVENT_INTERVAL_MS = 250;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Durable jobs on pg-boss, on a PostgreSQL server and on embedded PGlite alike (both speak the wire protocol).
 *
 * Our `jobs` table is the truth users see (queued, running, done, failed, cancelled, progress, error key);
 * pg-boss only delivers job ids to workers, with polling, SKIP LOCKED fetching and retried deliveries.
 * A worker claims a job by moving its row from queued to running, so duplicate deliveries are harmless.
 * Running jobs send heartbeats; a job whose worker died (silent past `staleAfterMs`, or a dead process on
 * this host) goes back to the queue and runs again, which is why handlers must be idempotent.
 */
export function createJobQueue(options: JobQueueOptions) {
  const { database, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  // Short enough for a shutdown to finish within the 5 s an orchestrator usually grants after SIGTERM.
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 3_000;
  const work = options.work ?? true;
  const hostname = os.hostname();
  const workerId = `${hostname}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const store = createJobStore(database.db);
  const definitions = new Map<string, JobDefinition>();
  const recurring: Array<{ name: string; payload: unknown; everyMs: number }> = [];
  const listeners = new Set<(event: JobEvent) => void>();
  const runs = new Map<string, { controller: AbortController; finished: Promise<void> }>();
  const workers = new Map<string, string[]>();
  const timers: NodeJS.Timeout[] = [];
  let boss: PgBoss | null = null;
  let stopping = false;

  function emit(event: JobEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error, jobId: event.jobId }, 'job event listener failed');
      }
    }
  }

  function requireBoss(): PgBoss {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  }

  /** pg-boss runs its statements on our connection when a delivery must commit with the caller's change. */
  function connectionOf(db: Kysely<Database>): PgBoss.Db {
    return {
      executeSql: async (text, values) => {
        const result = await db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: [...result.rows] };
      },
    };
  }

  async function deliver(name: string, jobId: string, db?: Kysely<Database>): Promise<void> {
    await requireBoss().send(name, { jobId }, db ? { db: connectionOf(db) } : {});
  }

  function wakeWorkers(name: string): void {
    for (const id of workers.get(name) ?? []) boss?.notifyWorker(id);
  }

  async function run(row: ClaimedJob): Promise<void> {
    const jobId = row.id;
    const definition = definitions.get(row.name);
    const jobLog = log.child({ job: row.name, jobId });
    const base = { jobId, name: row.name, payload: row.payload };
    if (!definition || definition.version !== row.version) {
      jobLog.error({ version: row.version }, 'no handler for this job version');
      await store.finish(jobId, workerId, { state: 'failed', errorKey: 'serviceError' });
      emit({ ...base, state: 'failed', progress: row.progress, errorKey: 'serviceError' });
      return;
    }

    const controller = new AbortController();
    let settle: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (settle = resolve));
    runs.set(jobId, { controller, finished });
    const current = { fraction: row.progress, detail: undefined as unknown };
    let dirty = false;
    let lastBeat = Date.now();
    let lastEvent = 0;
    let trailingEvent: NodeJS.Timeout | undefined;

    const publishProgress = () => {
      clearTimeout(trailingEvent);
      trailingEvent = undefined;
      lastEvent = Date.now();
      emit({ ...base, state: 'running', progress: current.fraction, detail: current.detail });
    };
    const beat = async () => {
      if (!dirty && Date.now() - lastBeat < heartbeatMs) return;
      dirty = false;
      lastBeat = Date.now();
      if (await store.heartbeat(jobId, workerId, current)) return;
      const now = await store.findById(jobId);
      controller.abort(new JobInterrupted(now?.state === 'cancelled' ? 'cancelled' : 'lost'));
    };
    const ticker = setInterval(
      () => {
        beat().catch((error: unknown) => jobLog.warn({ err: error }, 'job heartbeat failed'));
      },
      Math.min(1_000, heartbeatMs),
    );

    const context: JobContext = {
      jobId,
      attempt: row.attempts,
      signal: controller.signal,
      log: jobLog,
      progress(fraction, detail) {
        current.fraction = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
        current.detail = detail;
        dirty = true;
        const wait = lastEvent + EVENT_INTERVAL_MS - Date.now();
        if (wait <= 0) publishProgress();
        else trailingEvent ??= setTimeout(publishProgress, wait);
      },
    };

    emit({ ...base, state: 'running', progress: current.fraction });
    try {
      const result = await definition.handler(definition.payload.parse(row.payload), context);
      clearTimeout(trailingEvent);
      if (await store.finish(jobId, workerId, { state: 'done', result })) {
        emit({ ...base, state: 'done', progress: 1 });
      }
    } catch (error) {
      clearTimeout(trailingEvent);
      const reason: unknown = controller.signal.reason;
      if (controller.signal.aborted && reason instanceof JobInterrupted) {
        if (reason.interruption === 'shutdown' && (await store.requeue(jobId, workerId))) {
          // Back in the queue for the next process (or this one after a restart) to run again.
          await deliver(row.name, jobId);
          jobLog.info('job interrupted by shutdown; queued again');
        }
      } else {
        const errorKey = error instanceof AppError ? error.key : 'serviceError';
        if (!(error instanceof AppError)) jobLog.error({ err: error }, 'job failed');
        if (await store.finish(jobId, workerId, { state: 'failed', errorKey })) {
          emit({ ...base, state: 'failed', progress: current.fraction, errorKey });
        }
      }
    } finally {
      clearInterval(ticker);
      runs.delete(jobId);
      settle();
    }
  }

  /** Takes back running jobs whose worker is gone, and queued jobs whose delivery was stranded; delivers them again. */
  async function recoverOrphans(): Promise<void> {
    for (const stranded of await store.findStrandedDeliveries(QUEUE_SCHEMA, staleAfterMs)) {
      // Cancelled first, so the next sweep does not find it again; a second delivery would be harmless anyway.
      await requireBoss().cancel(stranded.name, stranded.deliveryId);
      await deliver(stranded.name, stranded.jobId);
      log.warn({ jobId: stranded.jobId, job: stranded.name }, 'stranded job delivered again');
    }
    const rows = await store.findRunningElsewhere(workerId, staleAfterMs);
    for (const row of rows) {
      const [host, pid] = (row.worker_id ?? '').split('/');
      const deadHere = host === hostname && Number(pid) !== process.pid && !isAlive(Number(pid));
      if (!row.stale && !deadHere) continue;
      if (row.worker_id && (await store.requeue(row.id, row.worker_id))) {
        await deliver(row.name, row.id);
        log.warn({ jobId: row.id, job: row.name, worker: row.worker_id }, 'job of a dead worker queued again');
      }
    }
  }

  const queue = {
    /** Makes a kind of job known; before start. */
    register<P extends z.ZodType, R>(definition: JobDefinition<P, R>): void {
      const known = definition as unknown as JobDefinition;
      if (definitions.has(known.name)) throw new Error(`Job ${known.name} is registered twice`);
      definitions.set(known.name, known);
    },

    /** Enqueues a job of `name` now and every `everyMs` while the process runs (one live job at a time). */
    every(name: string, everyMs: number, payload: unknown): void {
      recurring.push({ name, payload, everyMs });
    },

    async start(): Promise<void> {
      const workerSlots = work
        ? [...definitions.values()].reduce((sum, definition) => sum + (definition.concurrency ?? 1), 0)
        : 0;
      const instance = new PgBoss({
        connectionString: database.connectionString,
        schema: QUEUE_SCHEMA,
        // A connection for every worker's fetch, and some for enqueueing and sweeping: a fetch left waiting for a
        // connection when the queue stops is never answered (pg-pool drops its waiters), and its worker never ends.
        max: workerSlots + 3,
        application_name: 'sightline-jobs',
        schedule: false,
      });
      instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
      // API and worker processes starting together would otherwise deadlock creating the same queue tables.
      await database.db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(${QUEUE_SETUP_LOCK})`.execute(connection);
        try {
          await instance.start();
          for (const definition of definitions.values()) {
            // Deliveries are retried if a worker fails to record a run; the runs themselves are never retried here.
            await instance.createQueue(definition.name, {
              name: definition.name,
              retryLimit: 5,
              retryDelay: 5,
              retryBackoff: true,
              expireInSeconds: 23 * 3600,
            });
          }
        } finally {
          await sql`select pg_advisory_unlock(${QUEUE_SETUP_LOCK})`.execute(connection);
        }
      });
      boss = instance;
      if (!work) return;
      await recoverOrphans();
      for (const definition of definitions.values()) {
        const ids: string[] = [];
        for (let slot = 0; slot < (definition.concurrency ?? 1); slot += 1) {
          // The handler needs its worker's id, which pg-boss gives only once the worker exists.
          const worker = { id: '' };
          worker.id = await instance.work<{ jobId: string }>(
            definition.name,
            { batchSize: definition.batchSize ?? 1, pollingIntervalSeconds },
            async (deliveries) => {
              if (deliveries.length === 0 || stopping) return;
              const claimed = await store.claim(
                deliveries.map((delivery) => delivery.data.jobId),
                workerId,
              );
              // Every run ends before the worker fetches again, a failed one too (pg-boss then delivers the lot again,
              // and the jobs that ended are no longer queued to be claimed).
              const ran = await Promise.allSettled(claimed.map(run));
              const failure = ran.find((outcome) => outcome.status === 'rejected');
              if (failure) throw failure.reason;
              // A delivery seldom comes alone (a thousand photos queue a thousand ingests): ask for the next one at
              // once instead of after the polling interval; an empty fetch then waits as usual.
              if (worker.id) instance.notifyWorker(worker.id);
            },
          );
          ids.push(worker.id);
        }
        workers.set(definition.name, ids);
      }
      // Often enough to take a job back soon after its worker went silent, rarely enough to cost nothing.
      const sweeper = setInterval(
        () => {
          recoverOrphans().catch((error: unknown) => log.warn({ err: error }, 'recovering jobs failed'));
        },
        Math.max(heartbeatMs, staleAfterMs / 3),
      );
      sweeper.unref();
      timers.push(sweeper);
      for (const { name, payload, everyMs } of recurring) {
        const enqueue = () =>
          queue.enqueue(name, payload, { singletonKey: 'recurring' }).catch((error: unknown) => {
            log.warn({ err: error, job: name }, 'enqueueing a recurring job failed');
          });
        void enqueue();
        const timer = setInterval(() => void enqueue(), everyMs);
        timer.unref();
        timers.push(timer);
      }
    },

    /** Interrupts running handlers (their jobs go back to the queue), then closes the queue. */
    async stop(): Promise<void> {
      if (!boss || stopping) return;
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      for (const name of workers.keys()) await boss.offWork(name);
      for (const { controller } of runs.values()) controller.abort(new JobInterrupted('shutdown'));
      const all = Promise.allSettled([...runs.values()].map(({ finished }) => finished));
      // The timer must not keep a process alive that has nothing else left to do.
      await Promise.race([all, delay(shutdownTimeoutMs, undefined, { ref: false })]);
      await boss.stop({ graceful: true, close: true, timeout: 1_000, wait: true });
      boss = null;
    },

    /** Validates the payload and enqueues; returns the job's id (the live one's, for a duplicate singleton). */
    async enqueue(name: string, payload: unknown, enqueueOptions: EnqueueOptions = {}): Promise<string> {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      definition.payload.parse(payload);
      const job = {
        id: randomUUID(),
        name,
        version: definition.version,
        payload,
        singletonKey: enqueueOptions.singletonKey ?? null,
      };
      const insert = async (trx: Kysely<Database>) => {
        const inserted = await store.insert(trx, job);
        if (inserted.created) await deliver(name, inserted.id, trx);
        return inserted;
      };
      if (enqueueOptions.transaction) return (await insert(enqueueOptions.transaction)).id;
      const inserted = await database.db.transaction().execute(insert);
      if (inserted.created) wakeWorkers(name);
      return inserted.id;
    },

    /** Makes this process's idle workers of `name` look for jobs now (after a transaction that enqueued). */
    wake(name: string): void {
      wakeWorkers(name);
    },

    /** Cancels a queued or running job (a running handler sees its signal abort); false if it had ended. */
    async cancel(jobId: string): Promise<boolean> {
      const row = await store.cancel(jobId);
      if (!row) return false;
      runs.get(jobId)?.controller.abort(new JobInterrupted('cancelled'));
      emit({ jobId, name: row.name, payload: row.payload, state: 'cancelled', progress: row.progress });
      return true;
    },

    async get(jobId: string): Promise<JobRecord | null> {
      const row = await store.findById(jobId);
      if (!row) return null;
      return {
        id: row.id,
        name: row.name,
        state: row.state,
        progress: row.progress,
        errorKey: row.error_key,
        result: row.result,
        attempts: row.attempts,
        createdAt: row.created_at,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
      };
    },

    /** Job events of this process (runs here, cancels from here); returns the unsubscribe function. */
    subscribe(listener: (event: JobEvent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return queue;
}

export type JobQueue = ReturnType<typeof createJobQueue>;
