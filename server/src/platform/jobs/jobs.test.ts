import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'kysely';
import { AppError } from '@sightline/shared';
import { backends, openTestDatabase } from '../../../test/harness.js';
import type { DatabaseHandle } from '../db/database.js';
import { createJobQueue, defineJob, type JobDefinition, type JobEvent, type JobQueue } from './index.js';

const log = pino({ level: 'silent' });
const FAST = { heartbeatMs: 200, staleAfterMs: 1_500, pollingIntervalSeconds: 0.5, shutdownTimeoutMs: 5_000 };

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A handler that parks until the test releases it or its signal aborts (as a real handler must honour). */
function parkingJob(name: string, version = 1) {
  const entered: string[] = [];
  let release: (() => void) | undefined;
  const definition = defineJob({
    name,
    version,
    payload: z.object({ label: z.string() }),
    handler: async (payload, context) => {
      entered.push(context.jobId);
      context.progress(0.25, { step: 'parked' });
      await new Promise<void>((resolve, reject) => {
        release = resolve;
        context.signal.addEventListener('abort', () => reject(context.signal.reason), { once: true });
      });
      return { label: payload.label, attempt: context.attempt };
    },
  });
  return { definition, entered, release: () => release?.() };
}

describe.each(backends())('%s: durable jobs', (backend) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  const started: JobQueue[] = [];

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase(backend));
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((queue) => queue.stop()));
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  async function startQueue(...definitions: JobDefinition[]) {
    const queue = createJobQueue({ database, log, ...FAST });
    for (const definition of definitions) queue.register(definition);
    await queue.start();
    started.push(queue);
    return queue;
  }

  function record(queue: JobQueue) {
    const events: JobEvent[] = [];
    queue.subscribe((event) => events.push(event));
    return events;
  }

  it('runs a job to done, publishing and storing its progress and result', async () => {
    const sum = defineJob({
      name: 'test.sum',
      version: 1,
      payload: z.object({ numbers: z.array(z.number()) }),
      handler: async ({ numbers }, context) => {
        context.progress(0.5, { seen: numbers.length });
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { sum: numbers.reduce((total, value) => total + value, 0) };
      },
    });
    const queue = await startQueue(sum as JobDefinition);
    const events = record(queue);
    const jobId = await queue.enqueue('test.sum', { numbers: [1, 2, 3] });

    expect((await queue.get(jobId))?.state).toMatch(/queued|running/);
    const done = await waitFor(async () => {
      const job = await queue.get(jobId);
      return job?.state === 'done' ? job : undefined;
    }, 'the job to finish');
    expect(done).toMatchObject({ state: 'done', progress: 1, result: { sum: 6 }, errorKey: null, attempts: 1 });
    expect(done.startedAt).toBeInstanceOf(Date);
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(events.map((event) => [event.state, event.progress])).toEqual([
      ['running', 0],
      ['running', 0.5],
      ['done', 1],
    ]);
    expect(events[1]).toMatchObject({ jobId, name: 'test.sum', payload: { numbers: [1, 2, 3] }, detail: { seen: 3 } });
  });

  it('fails with the AppError key, and with serviceError for anything else', async () => {
    const failing = defineJob({
      name: 'test.fail',
      version: 1,
      payload: z.object({ known: z.boolean() }),
      handler: async ({ known }) => {
        if (known) throw new AppError('PROJECT_MODEL_TILESET_MISSING');
        throw new TypeError('a bug');
      },
    });
    const queue = await startQueue(failing as JobDefinition);
    const events = record(queue);
    const knownId = await queue.enqueue('test.fail', { known: true });
    const unknownId = await queue.enqueue('test.fail', { known: false });
    for (const [jobId, key] of [
      [knownId, 'PROJECT_MODEL_TILESET_MISSING'],
      [unknownId, 'serviceError'],
    ] as const) {
      const job = await waitFor(async () => {
        const found = await queue.get(jobId);
        return found?.state === 'failed' ? found : undefined;
      }, `job ${key} to fail`);
      expect(job.errorKey).toBe(key);
      expect(events.find((event) => event.jobId === jobId && event.state === 'failed')?.errorKey).toBe(key);
    }
  });

  it('runs the jobs a worker takes at once side by side, each ending on its own', async () => {
    // One worker taking three at a time: the handlers return only once all three have started, which a worker
    // taking one job at a time never allows.
    const entered: string[] = [];
    let allEntered: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (allEntered = resolve));
    const batched = defineJob({
      name: 'test.batch',
      version: 1,
      concurrency: 1,
      batchSize: 3,
      payload: z.object({ fail: z.boolean() }),
      handler: async ({ fail }, context) => {
        entered.push(context.jobId);
        if (entered.length === 3) allEntered();
        await together;
        if (fail) throw new AppError('PROJECT_MODEL_TILESET_MISSING');
        return { ran: context.jobId };
      },
    });
    const queue = await startQueue(batched as JobDefinition);
    // Enqueued together, so that the worker's one fetch finds all three.
    const ids = await database.db
      .transaction()
      .execute(async (trx) =>
        Promise.all([false, false, true].map((fail) => queue.enqueue('test.batch', { fail }, { transaction: trx }))),
      );
    queue.wake('test.batch');
    const jobs = await waitFor(async () => {
      const found = await Promise.all(ids.map((id) => queue.get(id)));
      return found.every((job) => job?.state === 'done' || job?.state === 'failed') ? found : undefined;
    }, 'the three jobs to end');
    expect(new Set(entered)).toEqual(new Set(ids));
    expect(jobs.map((job) => [job?.state, job?.errorKey])).toEqual([
      ['done', null],
      ['done', null],
      ['failed', 'PROJECT_MODEL_TILESET_MISSING'],
    ]);
    expect(jobs[0]?.result).toEqual({ ran: ids[0] });
  });

  it('refuses a payload its schema rejects and a job name nobody registered', async () => {
    const { definition } = parkingJob('test.validate');
    const queue = await startQueue(definition as JobDefinition);
    await expect(queue.enqueue('test.validate', { label: 42 })).rejects.toThrow();
    await expect(queue.enqueue('test.nobody', {})).rejects.toThrow(/Unknown job/);
  });

  it('cancels a running job: its handler sees the signal and the state is cancelled', async () => {
    const parked = parkingJob('test.cancel');
    const queue = await startQueue(parked.definition as JobDefinition);
    const events = record(queue);
    const jobId = await queue.enqueue('test.cancel', { label: 'a' });
    await waitFor(() => parked.entered.includes(jobId), 'the handler to start');

    expect(await queue.cancel(jobId)).toBe(true);
    const job = await queue.get(jobId);
    expect(job).toMatchObject({ state: 'cancelled', errorKey: null });
    expect(job?.finishedAt).toBeInstanceOf(Date);
    expect(events.at(-1)).toMatchObject({ jobId, state: 'cancelled' });
    // The aborted handler's end does not overwrite the cancellation, and a finished job cannot be cancelled.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await queue.get(jobId))?.state).toBe('cancelled');
    expect(await queue.cancel(jobId)).toBe(false);
  });

  it('returns the live job for a duplicate singleton key, and a new one once it ended', async () => {
    const parked = parkingJob('test.singleton');
    const queue = await startQueue(parked.definition as JobDefinition);
    const first = await queue.enqueue('test.singleton', { label: 'a' }, { singletonKey: 'project-1' });
    const again = await queue.enqueue('test.singleton', { label: 'b' }, { singletonKey: 'project-1' });
    const other = await queue.enqueue('test.singleton', { label: 'c' }, { singletonKey: 'project-2' });
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    await waitFor(() => parked.entered.includes(first), 'the first job to start');
    parked.release();
    await waitFor(async () => (await queue.get(first))?.state === 'done', 'the first job to finish');
    const next = await queue.enqueue('test.singleton', { label: 'd' }, { singletonKey: 'project-1' });
    expect(next).not.toBe(first);
    await queue.cancel(next);
    await queue.cancel(other);
  });

  it('survives a restart: a job interrupted by a shutdown runs again on the next start and completes', async () => {
    const before = parkingJob('test.restart');
    const first = await startQueue(before.definition as JobDefinition);
    const jobId = await first.enqueue('test.restart', { label: 'survivor' });
    await waitFor(() => before.entered.includes(jobId), 'the handler to start');
    await waitFor(async () => ((await first.get(jobId))?.progress ?? 0) > 0, 'the progress to be stored');

    await first.stop();
    expect(await first.get(jobId)).toMatchObject({ state: 'queued', attempts: 1 });

    const after = parkingJob('test.restart');
    const second = await startQueue(after.definition as JobDefinition);
    await waitFor(() => after.entered.includes(jobId), 'the job to run again after the restart');
    after.release();
    const job = await waitFor(async () => {
      const found = await second.get(jobId);
      return found?.state === 'done' ? found : undefined;
    }, 'the job to complete after the restart');
    expect(job).toMatchObject({ attempts: 2, result: { label: 'survivor', attempt: 2 } });
  });

  it('delivers again a queued job whose delivery a stopped worker had fetched but not yet claimed', async () => {
    const parked = parkingJob('test.stranded');
    // An API process enqueues; it runs no handler.
    const api = createJobQueue({ database, log, ...FAST, work: false });
    api.register(parked.definition as JobDefinition);
    await api.start();
    started.push(api);
    const jobId = await api.enqueue('test.stranded', { label: 'stranded' });
    // What a worker's fetch leaves when its process stops before the claim: the delivery active, our row queued.
    await sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute'
      where data->>'jobId' = ${jobId}`.execute(database.db);

    const worker = await startQueue(parked.definition as JobDefinition);
    await waitFor(() => parked.entered.includes(jobId), 'the stranded job to run');
    parked.release();
    await waitFor(async () => (await worker.get(jobId))?.state === 'done', 'the stranded job to finish');
  });

  it('takes back the running jobs of a dead process on start, and of a silent worker once stale', async () => {
    const insertRunning = async (workerId: string, heartbeatAt: Date) => {
      const id = randomUUID();
      await database.db
        .insertInto('jobs')
        .values({
          id,
          name: 'test.orphan',
          version: 1,
          payload: JSON.stringify({ label: workerId }),
          state: 'running',
          attempts: 1,
          worker_id: workerId,
          heartbeat_at: heartbeatAt,
        })
        .execute();
      return id;
    };
    // Linux never hands out a pid above 2^22, so this process is certainly dead.
    const deadPid = 2 ** 22 + 1;
    // A crashed process on this host (its heartbeat still fresh) and a worker elsewhere that went silent.
    const crashedHere = await insertRunning(`${os.hostname()}/${deadPid}/crashed`, new Date());
    const silentElsewhere = await insertRunning('another-host/42/silent', new Date(Date.now() - 60_000));

    const parked = parkingJob('test.orphan');
    const queue = await startQueue(parked.definition as JobDefinition);
    for (const count of [1, 2]) {
      await waitFor(() => parked.entered.length === count, `orphan ${count} to run again`);
      parked.release();
    }
    expect(new Set(parked.entered)).toEqual(new Set([crashedHere, silentElsewhere]));
    for (const jobId of [crashedHere, silentElsewhere]) {
      await waitFor(async () => (await queue.get(jobId))?.state === 'done', 'the orphan to finish');
    }
    expect((await queue.get(crashedHere))?.attempts).toBe(2);
  });

  it('fails a stored job whose version no handler knows, instead of misreading its payload', async () => {
    const old = parkingJob('test.version', 1);
    const first = await startQueue(old.definition as JobDefinition);
    const events = record(first);
    const jobId = await first.enqueue('test.version', { label: 'v1' });
    await waitFor(() => old.entered.includes(jobId), 'the v1 handler to start');
    await first.stop();
    expect(events.some((event) => event.state === 'failed')).toBe(false);

    const newer = parkingJob('test.version', 2);
    const second = await startQueue(newer.definition as JobDefinition);
    const job = await waitFor(async () => {
      const found = await second.get(jobId);
      return found?.state === 'failed' ? found : undefined;
    }, 'the v1 job to fail');
    expect(job.errorKey).toBe('serviceError');
    expect(newer.entered).toEqual([]);
  });
});
