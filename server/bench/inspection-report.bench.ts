/**
 * Issue 16's report figure on a scratch database (the PostgreSQL server when one answers, else embedded PGlite): the
 * time to generate an inspection report of 500 defects on 20 photos with every section (statistics with their
 * charts, the defect table with a thumbnail each, a key defect, the comparison with the previous inspection),
 * from the call to the written record, Word only and then with the PDF when LibreOffice is installed.
 *
 *   npx tsx server/bench/inspection-report.bench.ts
 *
 * The machine is shared: CPU time of this process is printed beside wall time (LibreOffice's is not in it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InspectionReport } from '@sightline/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest } from '../src/platform/db/database.js';
import { createConfiguredBlobStore } from '../src/platform/storage/configured-blob-store.js';
import { insertManyDefects, insertPhotosWithPreviews } from '../test/factories/defect-export.js';
import { buildReportScene } from '../test/factories/inspection-report.js';
import { buildStaffedTeam } from '../test/factories/team.js';
import type { ApiResponse, TestServer } from '../test/harness.js';
import { openScratchDatabase } from './scratch-database.js';

const DEFECTS = 500;
const PHOTOS = 20;

const scratch = await openScratchDatabase();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-report-bench-'));
console.log(`database: ${scratch.kind}`);
try {
  const { db } = scratch.handle;
  await migrateToLatest(db);
  for (const soffice of ['/nonexistent/soffice', '/usr/bin/soffice']) {
    const pdf = fs.existsSync(soffice);
    if (soffice === '/usr/bin/soffice' && !pdf) {
      console.log('report with PDF: skipped, LibreOffice is not installed');
      continue;
    }
    const config = loadConfig({
      DATA_DIR: fs.mkdtempSync(path.join(work, 'data-')),
      LOG_LEVEL: 'silent',
      SIGHTLINE_SEED_DEMO: 'false',
      SOFFICE_PATH: soffice,
    });
    const app = await buildApp({ config, database: scratch.handle, logger: false });
    await app.ready();
    const call = async <T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        ...(body ? { payload: body as object } : {}),
      });
      const json = response.json() as { code: number; msg: string; data: T };
      if (json.code !== 2000) throw new Error(`${url} answered ${json.msg}`);
      return json.data;
    };
    // The report fixture of the tests (3 defects, a key defect, a previous inspection), with 497 defects more.
    const server: Pick<TestServer, 'db' | 'call'> = {
      db,
      call: async <T>(method: string, url: string, options: Parameters<TestServer['call']>[2] = {}) => {
        const response = await app.inject({
          method: method as 'GET' | 'POST',
          url,
          ...(options.query ? { query: options.query } : {}),
          headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
          ...(options.body !== undefined ? { payload: options.body as object } : {}),
        });
        return {
          status: response.statusCode,
          body: response.json() as ApiResponse<T>['body'],
          headers: response.headers,
        };
      },
    };
    const blobs = createConfiguredBlobStore(config);
    const team = await buildStaffedTeam(db);
    const scene = await buildReportScene(server, blobs, team);
    const photos = await insertPhotosWithPreviews(
      db,
      blobs,
      scene,
      Array.from({ length: PHOTOS }, (_, index) => `R${index}.JPG`),
      [4096, 3072],
    );
    await insertManyDefects(
      db,
      { ...scene, imageIds: Object.values(photos), typeIds: Object.values(scene.types) },
      DEFECTS - 3,
      4,
    );

    const cpu = process.cpuUsage();
    const started = performance.now();
    const report = await call<InspectionReport>('POST', '/api/inspection-report', team.inspector.token, {
      inspectionId: scene.inspectionId,
      sections: ['summary', 'statistics', 'defects', 'keyDefects', 'comparison'],
      fields: ['code', 'type', 'level', 'length', 'width', 'area', 'component', 'photo', 'createdAt'],
      thumbnails: true,
    });
    let done: InspectionReport = report;
    while (done.state === 'generating') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      done = await call<InspectionReport>('GET', `/api/inspection-report/${report.id}`, team.inspector.token);
    }
    const wall = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    if (done.state !== 'latest') throw new Error(`the report failed: ${done.errorKey}`);
    const word = await blobs.stat(
      `teams/${team.id}/projects/${scene.projectId}/inspections/${scene.inspectionId}/reports/${done.id}.docx`,
    );
    console.log(
      `report of ${done.defectCount} defects on ${PHOTOS + 2} photos, every section, ${pdf ? 'Word and PDF' : 'Word only'}: ${wall.toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU, Word ${(word!.size / 2 ** 20).toFixed(1)} MiB`,
    );
    await app.close();
  }
} finally {
  await scratch.handle.close();
  await scratch.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
