/**
 * Issue 13's defect figures on a scratch database (the PostgreSQL server when one answers, else embedded PGlite):
 *
 * 1. the defect list's p99: `POST /api/inspection-disease/page` through the real route, service and database with
 *    filters (type, level, star, and the project's damage filter range) on one inspection of 1,000,000 defects
 *    (written by one generate_series statement), BENCH_LIST_CALLS calls (default 200) after a warm-up; goal < 50 ms;
 * 2. an Excel export of 10,000 defects on 100 photos with a thumbnail each (goal < 15 s), wall and CPU time.
 *
 *   npx tsx server/bench/defect-export.bench.ts
 *
 * The machine is shared: CPU time of this process is printed beside wall time (the database server's is not in it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { InspectionExcel } from '@sightline/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest } from '../src/platform/db/database.js';
import { createConfiguredBlobStore } from '../src/platform/storage/configured-blob-store.js';
import { insertManyDefects, insertPhotosWithPreviews } from '../test/factories/defect-export.js';
import { buildInspection } from '../test/factories/inspection.js';
import { builtInDefectTypeId } from '../test/factories/project.js';
import { buildStaffedTeam } from '../test/factories/team.js';
import { openScratchDatabase } from './scratch-database.js';

const LIST_DEFECTS = Number(process.env.BENCH_LIST_DEFECTS ?? 1_000_000);
const LIST_CALLS = Number(process.env.BENCH_LIST_CALLS ?? 200);
const EXPORT_DEFECTS = 10_000;
const EXPORT_PHOTOS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** Wall and this process's CPU time since `started`, and the machine's load average (it is shared). */
const cpuAndLoad = (started: number, cpu: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(cpu);
  const load = os.loadavg().map((value) => value.toFixed(1));
  return `${((performance.now() - started) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU, load average ${load.join(' ')}`;
};

const scratch = await openScratchDatabase();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-defect-bench-'));
console.log(`database: ${scratch.kind}`);
try {
  const { db } = scratch.handle;
  await migrateToLatest(db);
  const config = loadConfig({ DATA_DIR: work, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
  const app = await buildApp({ config, database: scratch.handle, logger: false });
  await app.ready();
  const team = await buildStaffedTeam(db);
  const token = team.inspector.token;
  const types = [await builtInDefectTypeId(db, 'crack'), await builtInDefectTypeId(db, 'spalling')];
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, query?: Record<string, string>) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      ...(body ? { payload: body as object } : {}),
      ...(query ? { query } : {}),
    });
    const json = response.json() as { code: number; msg: string; data: T };
    if (json.code !== 2000) throw new Error(`${url} answered ${json.msg}`);
    return json.data;
  };

  // 1. The list on a million defects (BENCH_LIST_DEFECTS=0 skips it).
  if (LIST_DEFECTS > 0) {
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id],
    });
    const photos = await db
      .insertInto('inspection_images')
      .values(
        Array.from({ length: 50 }, (_, index) => ({
          inspection_id: scene.inspectionId,
          image_group_id: scene.groupId,
          name: `P${index}.JPG`,
          size_bytes: 1,
          stored_bytes: 1,
          storage_key: `bench/${scene.inspectionId}/${index}/`,
          state: 'uploaded' as const,
        })),
      )
      .returning('id')
      .execute();
    let started = Date.now();
    await insertManyDefects(db, { ...scene, imageIds: photos.map((p) => p.id), typeIds: types }, LIST_DEFECTS);
    // The test server runs without autovacuum; a production server's would have vacuumed the table after such an
    // insert, which is what lets a count read its index alone (index-only scans need the visibility map).
    await sql`vacuum analyze defects`.execute(db);
    console.log(
      `inserted ${LIST_DEFECTS.toLocaleString('en')} defects in ${((Date.now() - started) / 1000).toFixed(1)} s (vacuumed)`,
    );
    await db
      .insertInto('defect_filter_ranges')
      .values({
        project_id: scene.projectId,
        crack_length_min: 0.5,
        crack_length_max: null,
        crack_width_min: null,
        crack_width_max: null,
        area_min: null,
        area_max: null,
        updated_by: null,
      })
      .execute();
    const filters = [
      { typeIds: [types[0]] },
      { levels: [3, 4] },
      { star: true },
      { typeIds: [types[1]], levels: [5], star: true },
      {},
    ];
    const times: Record<string, number[]> = {};
    const listCpu = process.cpuUsage();
    const listStarted = performance.now();
    for (let round = -1; round < LIST_CALLS / filters.length; round += 1) {
      for (const filter of filters) {
        const pageNum = 1 + (round < 0 ? 0 : round % 5);
        started = performance.now();
        await call('POST', '/api/inspection-disease/page', {
          inspectionId: scene.inspectionId,
          ...filter,
          pageNum,
          pageSize: 20,
        });
        const ms = performance.now() - started;
        if (round >= 0) (times[JSON.stringify(filter)] ??= []).push(ms);
      }
    }
    const all = Object.values(times)
      .flat()
      .sort((a, b) => a - b);
    console.log(
      `defect list, ${all.length} calls (filters ${filters.map((f) => JSON.stringify(f)).join(' ')}, damage range on):`,
    );
    for (const [filter, list] of Object.entries(times)) {
      list.sort((a, b) => a - b);
      console.log(
        `  ${filter.padEnd(40)} p50 ${percentile(list, 0.5).toFixed(1)} ms, p99 ${percentile(list, 0.99).toFixed(1)} ms`,
      );
    }
    console.log(
      `  all: p50 ${percentile(all, 0.5).toFixed(1)} ms, p99 ${percentile(all, 0.99).toFixed(1)} ms (goal < 50 ms); ${cpuAndLoad(listStarted, listCpu)}`,
    );
  }

  // 2. The export of 10,000 defects with thumbnails.
  {
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id],
    });
    const photos = await insertPhotosWithPreviews(
      db,
      createConfiguredBlobStore(config),
      scene,
      Array.from({ length: EXPORT_PHOTOS }, (_, index) => `E${index}.JPG`),
      [4096, 3072],
    );
    await insertManyDefects(db, { ...scene, imageIds: Object.values(photos), typeIds: types }, EXPORT_DEFECTS);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const record = await call<InspectionExcel>('POST', '/api/inspection-disease/export', {
      inspectionId: scene.inspectionId,
      fields: ['code', 'type', 'level', 'length', 'width', 'area', 'component', 'photo', 'createdBy', 'createdAt'],
      thumbnails: true,
    });
    let done: InspectionExcel | undefined;
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const page = await call<{ records: InspectionExcel[] }>('GET', '/api/inspection-excel/find/page', undefined, {
        inspectionId: String(scene.inspectionId),
      });
      done = page.records.find((r) => r.id === record.id && r.state !== 'generating');
    }
    if (done.state !== 'done') throw new Error(`the export failed: ${done.errorKey}`);
    console.log(
      `Excel export of ${done.defectCount.toLocaleString('en')} defects on ${EXPORT_PHOTOS} photos with thumbnails: ${cpuAndLoad(started, cpu)}, ${(done.sizeBytes! / 2 ** 20).toFixed(1)} MiB (goal < 15 s)`,
    );
  }
  await app.close();
} finally {
  await scratch.handle.close();
  await scratch.drop();
  fs.rmSync(work, { recursive: true, force: true });
}
