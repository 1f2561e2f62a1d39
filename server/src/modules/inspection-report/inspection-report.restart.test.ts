import fs from 'node:fs';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import type { InspectionReport } from '@sightline/shared';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { adminQuery } from '../../../test/databases.js';
import { backends } from '../../../test/harness.js';
import { openAppWithRedelivery } from '../../../test/redelivery.js';
import { pollUntil } from '../../../test/events.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../../test/processes.js';
import { restartScene } from '../../../test/restart-scene.js';
import { insertManyDefects, insertPhotosWithPreviews } from '../../../test/factories/defect-export.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { listFiles } from '../../../test/factories/project-model.js';
import { builtInDefectTypeId } from '../../../test/factories/project.js';
import { buildStaffedTeam, teamUsedBytes } from '../../../test/factories/team.js';
import { INSPECTION_REPORT_JOB } from './inspection-report.service.js';

/**
 * Defects of the report: each gets a thumbnail cropped from its photo, which keeps the job busy for seconds, long
 * enough to kill its worker in the middle of the crops.
 */
const DEFECTS = 3_000;

const postgresTemplate = inject('postgresTemplate');
if (!postgresTemplate)
  console.warn('skipped: the restart test runs an API process and worker processes on one PostgreSQL server');

describe.skipIf(!postgresTemplate)('postgres: a report whose worker is killed while it is written', () => {
  it(
    'is written again by the next worker: one record, latest, with one file counted once',
    async () => {
      const { name, url, dataDir, config, boot } = await restartScene(postgresTemplate!, inject('workDir'), 'report');
      const api = await boot('api');
      let worker: ServerProcess | undefined;
      // Word only (no LibreOffice): the report's one file is its docx.
      const startWorker = () =>
        startServerProcess({
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          SIGHTLINE_ROLE: 'worker',
          SOFFICE_PATH: '/nonexistent/soffice',
        });
      try {
        const db = api.handle.db;
        const team = await buildStaffedTeam(db);
        const scene = await buildInspection(db, {
          teamId: team.id,
          createdBy: team.admin.id,
          memberIds: [team.inspector.id],
        });
        const photos = await insertPhotosWithPreviews(db, createConfiguredBlobStore(config('api')), scene, [
          'A.JPG',
          'B.JPG',
        ]);
        await insertManyDefects(
          db,
          { ...scene, imageIds: Object.values(photos), typeIds: [await builtInDefectTypeId(db, 'crack')] },
          DEFECTS,
        );
        // The API process queues the report; it runs no job.
        const queued = await api.app.inject({
          method: 'POST',
          url: '/api/inspection-report',
          headers: { authorization: `Bearer ${team.inspector.token}`, 'accept-language': 'en' },
          payload: { inspectionId: scene.inspectionId, sections: ['summary', 'statistics', 'defects'] },
        });
        const { code, data: report } = queued.json<{ code: number; data: InspectionReport }>();
        expect({ code, state: report.state }).toEqual({ code: 2000, state: 'generating' });
        const job = () =>
          db
            .selectFrom('jobs')
            .select(['id', 'state', 'progress', 'worker_id'])
            .where('name', '=', INSPECTION_REPORT_JOB)
            .executeTakeFirstOrThrow();
        const record = () =>
          db
            .selectFrom('inspection_reports')
            .select(['id', 'state', 'word_bytes', 'pdf_bytes', 'defect_count'])
            .where('inspection_id', '=', scene.inspectionId)
            .execute();

        // A worker takes the job; it is killed once its progress is stored (10%: the thumbnails are being cropped).
        // Not later: the running job stores its progress once a second, and the crops take about that long now.
        worker = await startWorker();
        const running = await pollUntil(job, (now) => now.state !== 'queued' && now.progress >= 0.1);
        expect(running, 'the job ended before it could be killed: give it more defects').toMatchObject({
          state: 'running',
        });
        worker.child.kill('SIGKILL');
        await worker.exited;
        const killed = await record();
        expect(killed.map((row) => row.state)).toEqual(['generating']);

        // The next worker finds the job of the dead process and runs it again.
        worker = await startWorker();
        const [ended] = await pollUntil(record, (rows) => rows[0]?.state !== 'generating');
        // The job is marked done once its handler has returned, a moment after the report ended.
        const done = await pollUntil(job, (now) => now.state !== 'running');
        expect(done.state).toBe('done');
        expect(done.worker_id).not.toBe(running.worker_id);
        // One record, latest, holding every defect, and one job: the second run did not add a report.
        expect(await record()).toEqual([
          { id: report.id, state: 'latest', word_bytes: ended!.word_bytes, pdf_bytes: null, defect_count: DEFECTS },
        ]);
        const files = listFiles(dataDir).filter((file) => file.includes('/reports/'));
        expect(files).toEqual([expect.stringMatching(new RegExp(`/reports/${report.id}\\.docx$`))]);
        // Its bytes are counted once against the team, and the file is whole: the list shows it latest.
        expect(await teamUsedBytes(db, team.id)).toBe(Number(ended!.word_bytes));
        const listed = await api.app.inject({
          method: 'GET',
          url: `/api/inspection-report/${report.id}`,
          headers: { authorization: `Bearer ${team.inspector.token}` },
        });
        expect(listed.json()).toMatchObject({ code: 2000, data: { state: 'latest', defectCount: DEFECTS } });
        const word = await api.app.inject({
          method: 'GET',
          url: listed.json<{ data: InspectionReport }>().data.wordUrl!,
          headers: { authorization: `Bearer ${team.inspector.token}` },
        });
        expect(word.statusCode).toBe(200);
        expect(word.rawPayload.length).toBe(Number(ended!.word_bytes));
      } finally {
        await stopServerProcess(worker);
        await api.app.close();
        await api.handle.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    // A process started twice and thousands of thumbnails: minutes on a loaded machine.
    600_000,
  );
});

describe.each(backends())('%s: a report whose end was lost once its files were written', (backend) => {
  it('counts its files once against the team when its job runs again', async () => {
    const redelivering = await openAppWithRedelivery(backend, { SOFFICE_PATH: '/nonexistent/soffice' });
    try {
      const { app, db } = redelivering;
      const team = await buildStaffedTeam(db);
      const scene = await buildInspection(db, {
        teamId: team.id,
        createdBy: team.admin.id,
        memberIds: [team.inspector.id],
      });
      const before = await teamUsedBytes(db, team.id);
      // The database refuses to end the inspection's reports, as if the process died once the files were written:
      // the record stays generating, and the team's count holds whatever the run counted before the end.
      await sql`alter table inspection_reports add constraint report_end_lost
        check (state = 'generating' or inspection_id <> ${sql.lit(scene.inspectionId)})`.execute(db);
      const queued = await app.inject({
        method: 'POST',
        url: '/api/inspection-report',
        headers: { authorization: `Bearer ${team.inspector.token}` },
        payload: { inspectionId: scene.inspectionId, sections: ['summary'] },
      });
      const reportId = queued.json<{ data: InspectionReport }>().data.id;
      const jobs = () =>
        db.selectFrom('jobs').select(['state', 'payload']).where('name', '=', INSPECTION_REPORT_JOB).execute();
      const ended = await pollUntil(jobs, (rows) => rows.every((row) => row.state === 'failed'));
      expect(ended.map((row) => [row.state, row.payload])).toEqual([['failed', { reportId }]]);
      const record = () =>
        db
          .selectFrom('inspection_reports')
          .select(['state', 'word_bytes'])
          .where('id', '=', reportId)
          .executeTakeFirstOrThrow();
      expect((await record()).state).toBe('generating');
      expect(await teamUsedBytes(db, team.id)).toBe(before);

      await sql`alter table inspection_reports drop constraint report_end_lost`.execute(db);
      await redelivering.redeliver(INSPECTION_REPORT_JOB, { reportId });
      const written = await pollUntil(record, (row) => row.state !== 'generating');
      expect(written.state).toBe('latest');
      expect(await teamUsedBytes(db, team.id)).toBe(before + Number(written.word_bytes));
    } finally {
      await redelivering.close();
    }
  }, 120_000);
});
