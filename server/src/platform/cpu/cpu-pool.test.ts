import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createCpuPool, type CpuPool } from './cpu-pool.js';
import { rendezvousTask, stubbornTask } from '../../../test/cpu/pool-probe.tasks.js';

describe('the CPU pool', () => {
  let pool: CpuPool;
  beforeAll(() => {
    const config = loadConfig({ LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
    pool = createCpuPool({
      entry: new URL('../../../test/cpu/pool-probe.tasks.ts', import.meta.url),
      config,
      maxThreads: 1,
    });
  });
  afterAll(() => pool.close());

  it('runs two tasks on one thread at once, also when their callers can abort them (as every job can)', async () => {
    // A task that waits on native work (sharp) leaves its thread free for a second one: that is what keeps a
    // machine's cores busy with one thread. Piscina runs a task alone when it is given an abort signal.
    const jobs = [new AbortController(), new AbortController()];
    const [first, second] = await Promise.all(
      jobs.map((job) => pool.run(rendezvousTask, { expected: 2, waitMs: 20_000 }, { signal: job.signal })),
    );
    expect(first).toMatchObject({ met: 2 });
    expect(second).toMatchObject({ met: 2, threadId: first!.threadId });
  });

  it('ends the thread of a task that ignores its abort, and goes on with a new thread', async () => {
    const job = new AbortController();
    const stuck = pool.run(stubbornTask, undefined, { signal: job.signal });
    // Let it start before it is aborted.
    await new Promise((resolve) => setTimeout(resolve, 500));
    job.abort(new Error('the job was cancelled'));
    await expect(stuck).rejects.toThrow('the job was cancelled');
    const after = await pool.run(rendezvousTask, { expected: 1, waitMs: 1_000 });
    expect(after.met).toBeGreaterThanOrEqual(1);
  });

  it('leaves a core to the event loop of a process that serves the API, and takes every core in a worker process', async () => {
    const cores = os.availableParallelism();
    const entry = new URL('../../../test/cpu/pool-probe.tasks.ts', import.meta.url);
    const sized = (env: Record<string, string>) => {
      const sizedPool = createCpuPool({ entry, config: loadConfig({ LOG_LEVEL: 'silent', ...env }) });
      void sizedPool.close();
      return sizedPool.threads;
    };
    expect(sized({})).toBe(Math.max(1, cores - 1));
    expect(sized({ SIGHTLINE_ROLE: 'worker', DATABASE_URL: 'postgres://127.0.0.1/test' })).toBe(cores);
    expect(sized({ SIGHTLINE_ROLE: 'worker', DATABASE_URL: 'postgres://127.0.0.1/test', CPU_THREADS: '3' })).toBe(3);
  });
});
