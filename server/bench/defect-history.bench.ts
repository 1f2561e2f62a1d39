/**
 * Historical defect matching end to end on embedded PGlite (in this process): an inspection of 10,000 located
 * defects against its previous inspection's 10,000 (a 200 m × 30 m × 15 m bridge, eight types; the later defects are
 * the earlier ones moved by up to 0.1 m, a third grown, less a tenth repaired, plus a tenth new), matched by
 * `PUT /api/inspection-disease-his-pre/match` through the real route, job queue and database until `done`; then the
 * totals call. Wall time from the call to `done` (reading the defects, matching, writing 10,000 links in batches).
 *
 *   npx tsx server/bench/defect-history.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ecef, ecefToWgs84, wgs84, wgs84ToEcef } from '@sightline/geo';
import type { HistoryTotal } from '@sightline/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest, openEmbeddedDatabase } from '../src/platform/db/database.js';
import { buildInspection } from '../test/factories/inspection.js';
import { builtInDefectTypeId } from '../test/factories/project.js';
import { insertPhotos } from '../test/factories/spatial-marker.js';
import { buildStaffedTeam, setFunction } from '../test/factories/team.js';

const COUNT = 10_000;
let seed = 99;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

const handle = await openEmbeddedDatabase({});
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-history-bench-'));
try {
  const { db } = handle;
  await migrateToLatest(db);
  const config = loadConfig({ DATA_DIR: work, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.ready();
  const team = await buildStaffedTeam(db);
  await setFunction(db, {
    teamId: team.id,
    code: 'historical_defect',
    activatedAt: new Date(Date.now() - 86_400_000),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const types: number[] = [];
  for (const code of ['crack', 'spalling']) types.push(await builtInDefectTypeId(db, code));
  const earlier = await buildInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    memberIds: [team.inspector.id],
    inspectionDate: '2025-04-01',
  });
  const later = await buildInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    projectId: earlier.projectId,
    inspectionDate: '2026-04-01',
  });
  await db
    .updateTable('inspections')
    .set({ previous_inspection_id: earlier.inspectionId })
    .where('id', '=', later.inspectionId)
    .execute();
  const [photoBefore] = await insertPhotos(db, earlier.inspectionId, earlier.groupId, [{ name: 'A.JPG', pose: null }]);
  const [photoAfter] = await insertPhotos(db, later.inspectionId, later.groupId, [{ name: 'B.JPG', pose: null }]);

  const base = wgs84ToEcef(wgs84(114.3, 30.5, 20));
  type Planted = { typeId: number; line: boolean; x: number; y: number; z: number; size: number };
  const somewhere = (): Planted => {
    const typeIndex = Math.floor(random() * 8);
    return {
      typeId: types[typeIndex % 2]!,
      line: typeIndex % 2 === 0,
      x: base.x + random() * 30,
      y: base.y + random() * 200,
      z: base.z + random() * 15,
      size: 0.2 + random(),
    };
  };
  const before = Array.from({ length: COUNT }, somewhere);
  const after: Planted[] = [];
  for (const defect of before) {
    if (after.length >= COUNT) break;
    if (random() < 0.1) continue;
    const move = () => (random() - 0.5) * 0.1;
    const grow = random() < 0.33 ? 1.5 : 1;
    after.push({
      ...defect,
      x: defect.x + move(),
      y: defect.y + move(),
      z: defect.z + move(),
      size: defect.size * grow,
    });
  }
  while (after.length < COUNT) after.push(somewhere());

  const write = async (inspectionId: number, imageId: number, defects: Planted[]) => {
    for (let start = 0; start < defects.length; start += 1000) {
      await db
        .insertInto('defects')
        .values(
          defects.slice(start, start + 1000).map((defect, index) => {
            const place = ecefToWgs84(ecef(defect.x, defect.y, defect.z));
            return {
              project_id: earlier.projectId,
              inspection_id: inspectionId,
              image_id: imageId,
              number: start + index + 1,
              type_id: defect.typeId,
              level: 2,
              shape_kind: defect.line ? ('polyline' as const) : ('polygon' as const),
              points: JSON.stringify([
                [0, 0],
                [10, 0],
                [10, 10],
              ]),
              width_px: null,
              length_m: defect.line ? defect.size : null,
              width_mm: defect.line ? 0.5 : null,
              area_m2: defect.line ? null : defect.size,
              size_basis: 'mesh' as const,
              source: 'manual' as const,
              lon: place.lon,
              lat: place.lat,
              height: place.height,
              location_state: 'located' as const,
            };
          }),
        )
        .execute();
    }
  };
  await write(earlier.inspectionId, photoBefore!.id, before);
  await write(later.inspectionId, photoAfter!.id, after);

  const call = async <T>(method: 'GET' | 'PUT', url: string, body?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${team.inspector.token}` },
      ...(body ? { payload: body as object } : {}),
    });
    const json = response.json() as { code: number; msg: string; data: T };
    if (json.code !== 2000) throw new Error(`${url} answered ${json.msg}`);
    return json.data;
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  await call('PUT', '/api/inspection-disease-his-pre/match', { inspectionId: later.inspectionId, mode: 'continue' });
  let state = '';
  while (state !== 'done' && state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    state = (
      await db
        .selectFrom('defect_history_matchings')
        .select('state')
        .where('inspection_id', '=', later.inspectionId)
        .executeTakeFirstOrThrow()
    ).state;
  }
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const totals = await call<HistoryTotal>('GET', `/api/inspection-disease-his-pre/total/his/sum/${later.inspectionId}`);
  console.log(
    `database: embedded PGlite (in this process); ${COUNT.toLocaleString('en')} defects against ` +
      `${COUNT.toLocaleString('en')}: ${state} in ${(wallMs / 1000).toFixed(2)} s wall, ` +
      `${((used.user + used.system) / 1e6).toFixed(2)} s CPU; matched ${totals.matched.toLocaleString('en')}, ` +
      `new ${totals.new.toLocaleString('en')}, repaired ${totals.repaired.toLocaleString('en')}, ` +
      `grown ${(totals.length + totals.area).toLocaleString('en')}`,
  );
  await app.close();
} finally {
  await handle.close();
  fs.rmSync(work, { recursive: true, force: true });
}
