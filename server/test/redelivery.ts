import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { inject } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { createJobQueue, defineJob } from '../src/platform/jobs/index.js';
import { pollUntil } from './events.js';
import { teamUsedBytes } from './factories/team.js';
import { openTestDatabase, testConfig, type Backend } from './harness.js';

/**
 * An app on a fresh database of `backend`, beside another process's queue that only enqueues: `redeliver` hands the
 * app's workers a job again, as a restart does the job of a worker that died.
 */
export async function openAppWithRedelivery(backend: Backend, env: Record<string, string> = {}) {
  const { handle, drop } = await openTestDatabase(backend);
  const dataDir = fs.mkdtempSync(path.join(inject('workDir'), `${backend}-`));
  const config = testConfig(dataDir, env);
  const app = await buildApp({ config, database: handle, logger: false });
  const redelivery = createJobQueue({ database: handle, log: pino({ level: 'silent' }), work: false });
  return {
    app,
    db: handle.db,
    config,
    async redeliver(name: string, payload: Record<string, number>): Promise<void> {
      redelivery.register(
        defineJob({ name, version: 1, payload: z.record(z.string(), z.number()), handler: async () => null }),
      );
      await redelivery.start();
      await redelivery.enqueue(name, payload);
    },
    async close(): Promise<void> {
      await redelivery.stop();
      await app.close();
      await handle.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type AppWithRedelivery = Awaited<ReturnType<typeof openAppWithRedelivery>>;

/**
 * Runs a file job whose end the database refuses once, as if the process died once the file was written, then
 * delivers it again. Answers what the first run left (the job, the record, the team's used bytes) and what the
 * second did.
 */
export async function runWithTheEndLostOnce(
  { db, redeliver }: AppWithRedelivery,
  job: {
    name: string;
    /** The table of the job's records, each with a state, a size_bytes and an inspection_id. */
    table: 'inspection_excels' | 'ai_training_sets';
    inspectionId: number;
    teamId: number;
    /** Asks for the file; answers the record's id, the job's payload. */
    start: () => Promise<number>;
  },
) {
  const record = async (id: number) => {
    const { rows } = await sql<{ state: string; size_bytes: string | null }>`
      select state, size_bytes from ${sql.table(job.table)} where id = ${id}`.execute(db);
    return { state: rows[0]!.state, sizeBytes: Number(rows[0]!.size_bytes) };
  };
  const before = await teamUsedBytes(db, job.teamId);
  await sql`alter table ${sql.table(job.table)} add constraint end_lost
    check (state = 'generating' or inspection_id <> ${sql.lit(job.inspectionId)})`.execute(db);
  const recordId = await job.start();
  const jobs = () => db.selectFrom('jobs').select(['state', 'payload']).where('name', '=', job.name).execute();
  const failedJobs = await pollUntil(jobs, (rows) => rows.every((row) => row.state === 'failed'));
  const lost = {
    jobs: failedJobs.map((row) => [row.state, row.payload]),
    record: await record(recordId),
    addedBytes: (await teamUsedBytes(db, job.teamId)) - before,
  };

  await sql`alter table ${sql.table(job.table)} drop constraint end_lost`.execute(db);
  await redeliver(job.name, { recordId });
  const ended = await pollUntil(
    () => record(recordId),
    (row) => row.state !== 'generating',
  );
  return { recordId, lost, again: { record: ended, addedBytes: (await teamUsedBytes(db, job.teamId)) - before } };
}
