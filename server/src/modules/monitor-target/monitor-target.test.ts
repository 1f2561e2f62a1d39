import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import {
  MONITOR_TARGET_EVENT,
  type MonitorTargetEvent,
  type Page,
  type Target,
  type TargetBaseline,
  type TargetChart,
  type TargetImage,
} from '@sightline/shared';
import { markerPhoto } from '@sightline/vision';
import type { Config } from '../../platform/config.js';
import { openServerDatabase } from '../../platform/db/database.js';
import type { Database } from '../../platform/db/schema.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { adminQuery } from '../../../test/databases.js';
import { createMonitorTargetRepo } from './monitor-target.repo.js';
import { pollUntil, waitForEvent } from '../../../test/events.js';
import { describeOnEachDatabase, type ApiResponse } from '../../../test/harness.js';
import { restartScene } from '../../../test/restart-scene.js';
import { fieldKeys } from '../../../test/validation.js';
import { insertPhotosWithOriginals } from '../../../test/factories/defect-export.js';
import { insertPhotos } from '../../../test/factories/spatial-marker.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider } from '../../../test/factories/project.js';
import { DAY_MS, buildStaffedTeam, setFunction, type StaffedTeam } from '../../../test/factories/team.js';
import { imageBlobKeys } from '../inspection/inspection-image.repo.js';
import { MONITOR_TARGET_JOB, analysisState } from './monitor-target.service.js';

const PHOTO: [number, number] = [800, 600];
/**
 * Millimetres a pixel on the test photos: buildInspection's camera (17.3 mm sensor, 12.29 mm lens) at its group's
 * 5 m shooting distance on an 800-pixel-wide photo, 5 m × 17.3 mm / (12.29 mm × 800 px) (docs/api.md's model).
 */
const GSD_MM = (5000 * 17.3) / (12.29 * 800);
/** Where marker 7 stands on the baseline photos (its centre), and how far it moved in each round, pixels. */
const BASE = { x: 300.5, y: 260.25 };
const ROUND_SHIFTS = [
  { dx: 3.2, dy: 0 },
  { dx: 7.5, dy: -4 },
];

/** Where the disc target stands, relative to the marker (it moves with it). */
const DISC_OFFSET = { x: 250, y: 40 };

/** DICT_4X4_50 marker 7 centred at `centre`, and a disc card DISC_OFFSET from it. */
const targetPhoto = (centre: { x: number; y: number }, seed: number) =>
  markerPhoto({
    centre,
    dictionary: 'DICT_4X4_50',
    markerId: 7,
    seed,
    size: { width: PHOTO[0], height: PHOTO[1] },
    disc: { x: centre.x + DISC_OFFSET.x, y: centre.y + DISC_OFFSET.y },
  });

/** Two photos (the target on the first, `a.png`) of an inspection, stored as uploaded originals. */
async function storePhotos(
  db: Kysely<Database>,
  config: Config,
  place: { inspectionId: number; groupId: number },
  centre: { x: number; y: number },
  count = 2,
) {
  const names = ['a.png', 'b.png', 'c.png'].slice(0, count);
  const photos = await Promise.all(
    names.map(async (name, index) => ({
      name,
      size: PHOTO,
      bytes: await targetPhoto(index === 0 ? centre : { x: 600, y: 100 }, index + 1),
    })),
  );
  return insertPhotosWithOriginals(db, createConfiguredBlobStore(config), place, photos);
}

describe("a target's displacement analysis state (SPEC section 4) from its identification and its job", () => {
  it('maps every pair as docs/api.md says', () => {
    expect(analysisState('unidentified', null)).toBe('notStarted');
    expect(analysisState('identifying', 'queued')).toBe('queued');
    expect(analysisState('identifying', null)).toBe('queued');
    expect(analysisState('identifying', 'running')).toBe('analysing');
    // The run ended and is writing the target's end.
    expect(analysisState('identifying', 'done')).toBe('analysing');
    expect(analysisState('identifying', 'cancelled')).toBe('cancelling');
    expect(analysisState('identifying', 'failed')).toBe('error');
    expect(analysisState('identified', 'done')).toBe('analysed');
    expect(analysisState('failure', 'done')).toBe('error');
  });
});

describeOnEachDatabase('drone-target monitoring', (server) => {
  let team: StaffedTeam;
  let projectId = 0;
  let baselinePhotos: number[] = [];
  let roundPhotos: number[][] = [];
  let roundInspections: number[] = [];

  const grantMonitoring = (teamId: number) =>
    setFunction(server().db, {
      teamId,
      code: 'monitoring',
      activatedAt: new Date(Date.now() - DAY_MS),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });
  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = team.admin.token) =>
    server().call<T>(method, `/api${path}`, { token, body });
  const ok = <T>(response: ApiResponse<T>): T => {
    expect(response.body).toMatchObject({ code: 2000 });
    return response.body.data;
  };
  const arucoBody = (extra: Record<string, unknown> = {}) => ({
    projectId,
    imageId: baselinePhotos[0],
    name: 'Pier 1 marker',
    type: 'physical',
    marker: 'aruco',
    dictionary: 'DICT_4X4_50',
    markerId: 7,
    thresholdMm: 50,
    ...extra,
  });
  const images = (tagId: number, token = team.admin.token) =>
    server().call<TargetImage[]>('GET', '/api/tag-displacement/images', { token, query: { tagId: String(tagId) } });
  /** Creates a target and waits for its identification to end. */
  const identify = async (body: Record<string, unknown>) => {
    const after = server().events.length;
    const created = ok(await call<Target>('POST', '/project-tag', body));
    expect(created.state).toBe('identifying');
    // Waiting for a worker, or already taken by one.
    expect(['queued', 'analysing']).toContain(created.analysis);
    const ended = await waitForEvent<MonitorTargetEvent>(server().events, {
      name: MONITOR_TARGET_EVENT,
      after,
      found: (value) => value.tagId === created.id && (value.state === 'identified' || value.state === 'failure'),
      what: 'the identification did not end',
    });
    return { created, ended };
  };

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    await grantMonitoring(team.id);
    const baseline = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
      name: 'Baseline',
      inspectionDate: '2026-03-01',
    });
    projectId = baseline.projectId;
    baselinePhotos = await storePhotos(db, server().config, baseline, BASE);
    roundPhotos = [];
    roundInspections = [];
    for (const [index, shift] of ROUND_SHIFTS.entries()) {
      const round = await buildInspection(db, {
        teamId: team.id,
        createdBy: team.admin.id,
        projectId,
        name: `Round ${index + 1}`,
        inspectionDate: `2026-0${index + 4}-01`,
      });
      roundInspections.push(round.inspectionId);
      roundPhotos.push(await storePhotos(db, server().config, round, { x: BASE.x + shift.dx, y: BASE.y + shift.dy }));
    }
    // A later inspection with another photo count is no monitoring round of this baseline.
    const odd = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      projectId,
      name: 'Other',
      inspectionDate: '2026-07-01',
    });
    await storePhotos(db, server().config, odd, BASE, 3);
  });

  it('identifies an ArUco target on the baseline and each round, measuring each displacement within 1 mm', async () => {
    const { created, ended } = await identify(arucoBody());
    expect(ended).toMatchObject({ state: 'identified', progress: 1, errorKey: null });
    expect(created).toMatchObject({ type: 'physical', marker: 'aruco', markerId: 7, imageName: 'a.png' });
    const photos = ok(await images(created.id, team.viewer.token));
    expect(photos.map((photo) => [photo.imageId, photo.baseline])).toEqual([
      [baselinePhotos[0], true],
      [roundPhotos[0]![0], false],
      [roundPhotos[1]![0], false],
    ]);
    const [base, ...rounds] = photos;
    expect(Math.abs(base!.position!.x - BASE.x)).toBeLessThan(0.2);
    expect(Math.abs(base!.position!.y - BASE.y)).toBeLessThan(0.2);
    rounds.forEach((round, index) => {
      const { dx, dy } = ROUND_SHIFTS[index]!;
      expect(round.source).toBe('detected');
      expect(Math.abs(round.rightMm! - dx * GSD_MM)).toBeLessThan(1);
      expect(Math.abs(round.downMm! - dy * GSD_MM)).toBeLessThan(1);
      expect(Math.abs(round.displacementMm! - Math.hypot(dx, dy) * GSD_MM)).toBeLessThan(1);
    });
    // Round 1 moved 28 mm, under the 50 mm threshold; round 2 75 mm, above it.
    expect(rounds.map((round) => round.alarm)).toEqual([false, true]);
    const listed = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId }, team.viewer.token));
    const mine = listed.records.find((target) => target.id === created.id)!;
    expect(mine).toMatchObject({ state: 'identified', analysis: 'analysed', alarm: true });
    expect(mine.latestDisplacementMm).toBeCloseTo(rounds[1]!.displacementMm!, 6);
  });

  it('an alarm is a notice to everyone who sees the project, once per round', async () => {
    const notices = await server()
      .db.selectFrom('notices')
      .select(['user_id', 'params'])
      .where('title', '=', 'targetUi.notice.alarmTitle')
      .where('team_id', '=', team.id)
      .execute();
    const viewerNotices = notices.filter((notice) => notice.user_id === team.viewer.id);
    expect(viewerNotices).toHaveLength(1);
    expect(viewerNotices[0]!.params).toMatchObject({ target: 'Pier 1 marker', threshold: 50 });
  });

  it("a new threshold recomputes the rounds' alarms and announces a round newly above it", async () => {
    const [target] = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId })).records.filter(
      (candidate) => candidate.name === 'Pier 1 marker',
    );
    const viewerNotices = async () =>
      (
        await server()
          .db.selectFrom('notices')
          .select('id')
          .where('title', '=', 'targetUi.notice.alarmTitle')
          .where('user_id', '=', team.viewer.id)
          .execute()
      ).length;
    const before = await viewerNotices();
    const setThreshold = (thresholdMm: number, token = team.admin.token) =>
      call<Target[]>('PUT', '/project-tag/threshold/batch', { ids: [target!.id], thresholdMm }, token);
    // Rounds of 28 and 75 mm: under 100 mm neither is an alarm.
    const [raised] = ok(await setThreshold(100));
    expect(raised).toMatchObject({ id: target!.id, thresholdMm: 100, alarm: false });
    expect(ok(await images(target!.id)).map((image) => image.alarm)).toEqual([false, false, false]);
    // Under 20 mm both are: round 1 is newly above (one notice more); round 2 was announced already.
    const [lowered] = ok(await setThreshold(20));
    expect(lowered).toMatchObject({ thresholdMm: 20, alarm: true });
    expect(ok(await images(target!.id)).map((image) => image.alarm)).toEqual([false, true, true]);
    expect(await viewerNotices()).toBe(before + 1);
    // The shared limits: at most 99999.999 mm, three decimals; an unknown target; a viewer may not.
    expect(fieldKeys((await setThreshold(100000)).body)).toEqual({ thresholdMm: 'thresholdRange' });
    expect(fieldKeys((await setThreshold(1.0001)).body)).toEqual({ thresholdMm: 'thresholdDecimals' });
    expect(
      (await call('PUT', '/project-tag/threshold/batch', { ids: [target!.id, 99_999_999], thresholdMm: 5 })).body.msg,
    ).toBe('PROJECT_TARGET_MISSING');
    expect((await setThreshold(5, team.viewer.token)).body.msg).toBe('NO_AUTH');
    const [kept] = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId })).records.filter(
      (candidate) => candidate.id === target!.id,
    );
    expect(kept!.thresholdMm).toBe(20);
    ok(await setThreshold(50));
  });

  it('a displacement is an alarm by the threshold stored when it is written, not the one its job read', async () => {
    const db = server().db;
    const [target] = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId })).records.filter(
      (candidate) => candidate.name === 'Pier 1 marker',
    );
    const measured = await db
      .selectFrom('monitor_target_fixes')
      .select(['id', 'displacement_mm', 'right_mm', 'down_mm'])
      .where('target_id', '=', target!.id)
      .where('displacement_mm', 'is not', null)
      .execute();
    const write = () =>
      createMonitorTargetRepo(db).writeDisplacements(
        measured.map((fix) => ({
          id: fix.id,
          displacementMm: fix.displacement_mm,
          rightMm: fix.right_mm,
          downMm: fix.down_mm,
        })),
      );
    // An identification job read the target at 20 mm (both rounds of 28 and 75 mm alarms); a new threshold of
    // 100 mm was stored before it wrote the same displacements: neither is an alarm now.
    await db.updateTable('monitor_targets').set({ threshold_mm: 100 }).where('id', '=', target!.id).execute();
    expect(await write()).toEqual([]);
    expect(ok(await images(target!.id)).map((image) => image.alarm)).toEqual([false, false, false]);
    // Back to 20 mm: the rounds are alarms again, already announced, so no round is newly above.
    await db.updateTable('monitor_targets').set({ threshold_mm: 20 }).where('id', '=', target!.id).execute();
    expect(await write()).toEqual([]);
    expect(ok(await images(target!.id)).map((image) => image.alarm)).toEqual([false, true, true]);
    await db.updateTable('monitor_targets').set({ threshold_mm: 50 }).where('id', '=', target!.id).execute();
    await write();
  });

  it('a marker id the baseline photo does not show fails with IMG_BASIS_IMAGE_NO_TARGET', async () => {
    const { ended } = await identify(arucoBody({ name: 'Missing', markerId: 9 }));
    expect(ended).toMatchObject({ state: 'failure', errorKey: 'IMG_BASIS_IMAGE_NO_TARGET' });
  });

  it('a failed target placed by hand on its baseline photo is identified on the rounds', async () => {
    const { created, ended } = await identify(arucoBody({ name: 'Placed', dictionary: 'DICT_5X5_50', markerId: 7 }));
    expect(ended).toMatchObject({ state: 'failure', errorKey: 'IMG_BASIS_IMAGE_NO_TARGET' });
    // A 5×5 marker 7 is not on the photos: the hand places the target where the 4×4 one is, and a new run searches
    // the rounds, where the 5×5 marker is not found either: their positions stay empty for the hand.
    const after = server().events.length;
    ok(
      await call('POST', `/tag-displacement/image-tags/${baselinePhotos[0]}`, {
        tagId: created.id,
        x: BASE.x,
        y: BASE.y,
      }),
    );
    await waitForEvent<MonitorTargetEvent>(server().events, {
      name: MONITOR_TARGET_EVENT,
      after,
      found: (value) => value.tagId === created.id && value.state === 'identified',
      what: 'the second identification did not end',
    });
    const [base, ...rounds] = ok(await images(created.id));
    expect(base).toMatchObject({ source: 'manual', position: { x: BASE.x, y: BASE.y } });
    expect(rounds.map((round) => round.position)).toEqual([null, null]);
  });

  it('a circular target is found by its disc, on the rounds where its card is', async () => {
    const disc = { x: BASE.x + DISC_OFFSET.x, y: BASE.y + DISC_OFFSET.y };
    const region = { x: Math.round(disc.x) - 30, y: Math.round(disc.y) - 30, width: 60, height: 60 };
    const { created, ended } = await identify({
      projectId,
      imageId: baselinePhotos[0],
      name: 'Disc',
      type: 'physical',
      marker: 'circle',
      region,
      thresholdMm: 100,
    });
    expect(ended.state).toBe('identified');
    const [base, ...rounds] = ok(await images(created.id));
    expect(Math.abs(base!.position!.x - disc.x)).toBeLessThan(0.2);
    expect(Math.abs(base!.position!.y - disc.y)).toBeLessThan(0.2);
    rounds.forEach((round, index) => {
      const { dx, dy } = ROUND_SHIFTS[index]!;
      expect(Math.abs(round.rightMm! - dx * GSD_MM)).toBeLessThan(1);
      expect(Math.abs(round.downMm! - dy * GSD_MM)).toBeLessThan(1);
    });
  });

  it('a virtual target (a patch around the card) is found again by its look', async () => {
    const region = { x: Math.round(BASE.x) - 50, y: Math.round(BASE.y) - 50, width: 100, height: 100 };
    const { created, ended } = await identify({
      projectId,
      imageId: baselinePhotos[0],
      name: 'Patch',
      type: 'virtual',
      region,
      thresholdMm: 100,
    });
    expect(ended.state).toBe('identified');
    const [base, ...rounds] = ok(await images(created.id));
    expect(base!.position).toEqual({ x: region.x + 50, y: region.y + 50 });
    rounds.forEach((round, index) => {
      const { dx, dy } = ROUND_SHIFTS[index]!;
      expect(Math.abs(round.displacementMm! - Math.hypot(dx, dy) * GSD_MM)).toBeLessThan(1);
      expect(round.alarm).toBe(false);
    });
  });

  it('a position set by hand replaces the detected one and is measured; batch too', async () => {
    const { created } = await identify(arucoBody({ name: 'Corrected', thresholdMm: 1000 }));
    const [base] = ok(await images(created.id));
    const moved = ok(
      await call<TargetImage[]>('POST', `/tag-displacement/image-tags/${roundPhotos[0]![0]}`, {
        tagId: created.id,
        x: base!.position!.x + 10,
        y: base!.position!.y,
      }),
    );
    expect(moved[1]).toMatchObject({ source: 'manual' });
    expect(Math.abs(moved[1]!.displacementMm! - 10 * GSD_MM)).toBeLessThan(0.01);
    const batch = ok(
      await call<{ count: number }>('POST', '/tag-displacement/images-tags', {
        items: [
          { tagId: created.id, imageId: roundPhotos[0]![0], x: base!.position!.x, y: base!.position!.y },
          { tagId: created.id, imageId: roundPhotos[1]![0], x: base!.position!.x, y: base!.position!.y + 20 },
        ],
      }),
    );
    expect(batch).toEqual({ count: 2 });
    const after = ok(await images(created.id));
    expect(after[1]!.displacementMm).toBe(0);
    expect(Math.abs(after[2]!.downMm! - 20 * GSD_MM)).toBeLessThan(0.01);
    // A high-precision pose gave round 2's photo calibrated intrinsics: twice the group camera's focal length
    // (f = 12.29 mm / 17.3 mm × 800 px), so its pixels span half the ground. On the plane 5 m ahead, a pixel v lies
    // (v − 300) × GSD down from the axis on the baseline photo and (v − 300) × GSD / 2 on round 2's.
    const f = (12.29 / 17.3) * 800;
    await server()
      .db.insertInto('inspection_image_poses')
      .values({
        image_id: roundPhotos[1]![0]!,
        source: 'highPrecision',
        longitude: 0,
        latitude: 0,
        altitude: 0,
        pitch: -90,
        yaw: 0,
        roll: 0,
        intrinsics: JSON.stringify({ width: 800, height: 600, fx: 2 * f, fy: 2 * f, cx: 400, cy: 300 }),
      })
      .execute();
    const calibrated = ok(
      await call<TargetImage[]>('POST', `/tag-displacement/image-tags/${roundPhotos[1]![0]}`, {
        tagId: created.id,
        x: base!.position!.x,
        y: base!.position!.y + 20,
      }),
    );
    const baseY = base!.position!.y;
    expect(calibrated[2]!.downMm!).toBeCloseTo(((baseY + 20 - 300) / 2 - (baseY - 300)) * GSD_MM, 2);
    // A photo that is not one of the target's: the other photo of a round.
    const stranger = await call('POST', `/tag-displacement/image-tags/${roundPhotos[0]![1]}`, {
      tagId: created.id,
      x: 1,
      y: 1,
    });
    expect(stranger.body.msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
  });

  it('the line chart has one series per target over the rounds', async () => {
    const chart = ok(
      await server().call<TargetChart>('GET', '/api/tag-displacement/analysis/line-chart', {
        token: team.viewer.token,
        query: { projectId: String(projectId) },
      }),
    );
    expect(chart.rounds.map((round) => round.inspectionId)).toEqual(roundInspections);
    const first = chart.series.find((series) => series.name === 'Pier 1 marker')!;
    expect(first.values).toHaveLength(2);
    expect(Math.abs(first.values[0]! - ROUND_SHIFTS[0]!.dx * GSD_MM)).toBeLessThan(1);
    const failed = chart.series.find((series) => series.name === 'Missing')!;
    expect(failed.values).toEqual([null, null]);
    const alarms = ok(
      await server().call<TargetChart>('GET', '/api/tag-displacement/analysis/line-chart', {
        token: team.viewer.token,
        query: { projectId: String(projectId), alarmOnly: 'true' },
      }),
    );
    expect(alarms.series.map((series) => series.name)).toEqual(['Pier 1 marker']);
  });

  it("a later inspection whose photo count differs from the baseline's is skipped, and the baseline says why", async () => {
    const [baselineInspection] = (
      await server()
        .db.updateTable('inspections')
        .set({ description: 'Piers 1 to 3 from the east bank' })
        .where('name', '=', 'Baseline')
        .where('project_id', '=', projectId)
        .returning('id')
        .execute()
    ).map((row) => row.id);
    const baselines = (token: string) =>
      server().call<TargetBaseline[]>('GET', '/api/tag-displacement/baselines', {
        token,
        query: { projectId: String(projectId) },
      });
    const [baseline, ...others] = ok(await baselines(team.viewer.token));
    expect(others).toEqual([]);
    expect(baseline).toMatchObject({
      inspectionId: baselineInspection,
      name: 'Baseline',
      inspectionDate: '2026-03-01',
      description: 'Piers 1 to 3 from the east bank',
      photoCount: 2,
    });
    expect(baseline!.targetCount).toBeGreaterThan(0);
    expect(baseline!.rounds.map((round) => [round.name, round.photoCount, round.skipped])).toEqual([
      ['Round 1', 2, null],
      ['Round 2', 2, null],
      ['Other', 3, 'photoCount'],
    ]);
    // The analysis measures the rounds only: the skipped inspection has no photo among the target's.
    const [target] = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId })).records;
    const shown = ok(await images(target!.id)).map((image) => image.inspectionId);
    expect(shown).not.toContain(baseline!.rounds[2]!.inspectionId);
    const outsider = await buildOutsider(server().db);
    await grantMonitoring(outsider.teamId);
    expect((await baselines(outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
  });

  it('lists targets a page at a time, newest first', async () => {
    const page = ok(
      await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId, pageNum: 2, pageSize: 1 }),
    );
    expect(page.total).toBe(6);
    expect(page.records.map((target) => target.name)).toEqual(['Patch']);
    const failures = ok(
      await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId, state: 'failure' }),
    );
    expect(failures.records.map((target) => [target.name, target.analysis])).toEqual([['Missing', 'error']]);
  });

  it('a round photo that cannot be read leaves its position empty; the others are measured', async () => {
    const db = server().db;
    const baseline = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.viewer.id],
      inspectionDate: '2026-03-01',
    });
    const [basePhoto] = await storePhotos(db, server().config, baseline, BASE);
    const shots = [];
    for (const month of ['04', '05']) {
      const round = await buildInspection(db, {
        teamId: team.id,
        createdBy: team.admin.id,
        projectId: baseline.projectId,
        inspectionDate: `2026-${month}-01`,
      });
      shots.push((await storePhotos(db, server().config, round, { x: BASE.x + 2, y: BASE.y }))[0]!);
    }
    const { storage_key: key } = await db
      .selectFrom('inspection_images')
      .select('storage_key')
      .where('id', '=', shots[0]!)
      .executeTakeFirstOrThrow();
    await createConfiguredBlobStore(server().config).put(imageBlobKeys(key).original, Buffer.from('not a photo'));
    const { created, ended } = await identify(arucoBody({ projectId: baseline.projectId, imageId: basePhoto }));
    expect(ended.state).toBe('identified');
    const [, unreadable, read] = ok(await images(created.id));
    expect(unreadable).toMatchObject({ imageId: shots[0], position: null, displacementMm: null });
    expect(Math.abs(read!.rightMm! - 2 * GSD_MM)).toBeLessThan(1);
  });

  describe('validation and rights', () => {
    it('refuses targets without what their kind needs, and thresholds beyond 99999.999 mm', async () => {
      const keys = async (body: Record<string, unknown>) => fieldKeys((await call('POST', '/project-tag', body)).body);
      expect(await keys({ projectId, imageId: baselinePhotos[0], name: 'V', type: 'virtual', thresholdMm: 1 })).toEqual(
        {
          region: 'required',
        },
      );
      expect(await keys(arucoBody({ markerId: 50 }))).toEqual({ markerId: 'numberRange' });
      expect(await keys(arucoBody({ marker: null }))).toEqual({ marker: 'required' });
      expect(await keys(arucoBody({ thresholdMm: 100000 }))).toEqual({ thresholdMm: 'thresholdRange' });
      expect(await keys(arucoBody({ name: '' }))).toEqual({ name: 'required' });
    });

    it('checks a region against the photo as shown: one that EXIF turns a quarter is as tall as it is stored wide', async () => {
      const db = server().db;
      const baselinePhoto = await db
        .selectFrom('inspection_images')
        .select(['inspection_id', 'image_group_id'])
        .where('id', '=', baselinePhotos[0]!)
        .executeTakeFirstOrThrow();
      // Stored 640 × 480, shown 480 × 640 (orientation 6, as a phone held upright writes it).
      const [turned] = await insertPhotos(db, baselinePhoto.inspection_id, baselinePhoto.image_group_id, [
        { name: 'upright-phone.jpg', pose: null, size: [640, 480] },
      ]);
      await db
        .updateTable('inspection_images')
        .set({ state: 'processed', metadata: JSON.stringify({ orientation: 6 }) })
        .where('id', '=', turned!.id)
        .execute();
      const create = (region: { x: number; y: number; width: number; height: number }) =>
        call('POST', '/project-tag', {
          projectId,
          imageId: turned!.id,
          name: 'Low on the wall',
          type: 'virtual',
          region,
          thresholdMm: 10,
        });
      expect((await create({ x: 10, y: 520, width: 100, height: 100 })).body).toMatchObject({ code: 2000 });
      expect(fieldKeys((await create({ x: 400, y: 10, width: 100, height: 100 })).body)).toEqual({
        region: 'numberRange',
      });
    });

    it('a photo of another project is no baseline photo: IMG_NO_BASIS_IMAGE', async () => {
      const elsewhere = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id });
      const [photo] = await insertPhotos(server().db, elsewhere.inspectionId, elsewhere.groupId, [
        { name: 'x.png', pose: null, size: PHOTO },
      ]);
      expect((await call('POST', '/project-tag', arucoBody({ imageId: photo!.id }))).body.msg).toBe(
        'IMG_NO_BASIS_IMAGE',
      );
    });

    it('viewers and inspectors read but do not write', async () => {
      const [target] = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId })).records;
      for (const member of [team.viewer, team.inspector]) {
        expect((await call('POST', '/project-tag', arucoBody(), member.token)).body.msg).toBe('NO_AUTH');
        expect((await call('DELETE', '/project-tag/deleteByIds', { ids: [target!.id] }, member.token)).body.msg).toBe(
          'NO_AUTH',
        );
        const position = { tagId: target!.id, x: 1, y: 1 };
        expect(
          (await call('POST', `/tag-displacement/image-tags/${baselinePhotos[0]}`, position, member.token)).body.msg,
        ).toBe('NO_AUTH');
        expect((await images(target!.id, member.token)).body.code).toBe(2000);
      }
    });

    it('another team sees nothing of the project', async () => {
      const outsider = await buildOutsider(server().db);
      await grantMonitoring(outsider.teamId);
      const [target] = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId })).records;
      expect((await call('POST', '/project-tag', arucoBody(), outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await call('POST', '/project-tag/find/tag/list', { projectId }, outsider.token)).body.msg).toBe(
        'PROJECT_NO_ERROR',
      );
      expect((await images(target!.id, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await call('DELETE', '/project-tag/deleteByIds', { ids: [target!.id] }, outsider.token)).body.msg).toBe(
        'PROJECT_NO_ERROR',
      );
      const chart = await server().call('GET', '/api/tag-displacement/analysis/line-chart', {
        token: outsider.token,
        query: { projectId: String(projectId) },
      });
      expect(chart.body.msg).toBe('PROJECT_NO_ERROR');
    });

    it('deletes targets by ids; an unknown id deletes nothing (PROJECT_TARGET_MISSING)', async () => {
      const listed = ok(await call<Page<Target>>('POST', '/project-tag/find/tag/list', { projectId }));
      const ids = listed.records.map((target) => target.id);
      expect((await call('DELETE', '/project-tag/deleteByIds', { ids: [ids[0], 99_999_999] })).body.msg).toBe(
        'PROJECT_TARGET_MISSING',
      );
      expect(ok(await call('DELETE', '/project-tag/deleteByIds', { ids }))).toEqual({ count: ids.length });
      expect((await images(ids[0]!)).body.msg).toBe('PROJECT_TARGET_MISSING');
    });
  });
});

const postgresTemplate = inject('postgresTemplate');
if (!postgresTemplate)
  console.warn('skipped: the restart test runs an API process and a worker on one PostgreSQL server');

describe.skipIf(!postgresTemplate)('postgres: an identification interrupted by a restart', () => {
  it('runs again in the next process, keeping the position set by hand and writing one row a photo', async () => {
    const { name, url, dataDir, config, boot } = await restartScene(postgresTemplate!, inject('workDir'), 'target');
    const api = await boot('api');
    try {
      const db = api.handle.db;
      const team = await buildStaffedTeam(db);
      await setFunction(db, {
        teamId: team.id,
        code: 'monitoring',
        activatedAt: new Date(Date.now() - DAY_MS),
        expiresAt: new Date(Date.now() + 30 * DAY_MS),
      });
      const baseline = await buildInspection(db, {
        teamId: team.id,
        createdBy: team.admin.id,
        inspectionDate: '2026-03-01',
      });
      const [basePhoto] = await storePhotos(db, config('api'), baseline, BASE);
      const rounds = [];
      for (const [index, shift] of ROUND_SHIFTS.entries()) {
        const round = await buildInspection(db, {
          teamId: team.id,
          createdBy: team.admin.id,
          projectId: baseline.projectId,
          inspectionDate: `2026-0${index + 4}-01`,
        });
        rounds.push((await storePhotos(db, config('api'), round, { x: BASE.x + shift.dx, y: BASE.y + shift.dy }))[0]!);
      }
      const created = await api.app.inject({
        method: 'POST',
        url: '/api/project-tag',
        headers: { authorization: `Bearer ${team.admin.token}` },
        payload: {
          projectId: baseline.projectId,
          imageId: basePhoto,
          name: 'T',
          type: 'physical',
          marker: 'aruco',
          dictionary: 'DICT_4X4_50',
          markerId: 7,
          thresholdMm: 500,
        },
      });
      const target = (created.json() as { data: Target }).data;
      expect(target.state).toBe('identifying');
      // The API process runs no handler: the job waits. It "dies" after a worker had written the baseline's position
      // and someone set round 2's by hand, mid-run.
      expect(
        await db.selectFrom('jobs').select('state').where('name', '=', MONITOR_TARGET_JOB).executeTakeFirstOrThrow(),
      ).toEqual({ state: 'queued' });
      await db
        .insertInto('monitor_target_fixes')
        .values([
          { target_id: target.id, image_id: basePhoto!, x: BASE.x, y: BASE.y, source: 'detected', score: 1 },
          { target_id: target.id, image_id: rounds[1]!, x: BASE.x, y: BASE.y + 10, source: 'manual', score: null },
        ])
        .execute();
      await api.app.close();
      await api.handle.close();

      const worker = await boot('all');
      try {
        const state = await pollUntil(
          async () =>
            (
              await worker.handle.db
                .selectFrom('monitor_targets')
                .select('state')
                .where('id', '=', target.id)
                .executeTakeFirstOrThrow()
            ).state,
          (now) => now === 'identified' || now === 'failure',
        );
        expect(state).toBe('identified');
        const fixes = await worker.handle.db
          .selectFrom('monitor_target_fixes')
          .select(['image_id', 'source', 'y', 'displacement_mm', 'down_mm'])
          .where('target_id', '=', target.id)
          .orderBy('image_id')
          .execute();
        expect(fixes.map((fix) => [fix.image_id, fix.source])).toEqual([
          [basePhoto, 'detected'],
          [rounds[0], 'detected'],
          [rounds[1], 'manual'],
        ]);
        expect(Math.abs(fixes[1]!.displacement_mm! - ROUND_SHIFTS[0]!.dx * GSD_MM)).toBeLessThan(1);
        // Measured from the baseline position the new run found again, to the hand's.
        expect(Math.abs(fixes[2]!.down_mm! - (BASE.y + 10 - fixes[0]!.y!) * GSD_MM)).toBeLessThan(0.01);
      } finally {
        await worker.app.close();
        await worker.handle.close();
      }

      // A round uploaded later is identified by the next look for new rounds (one at every worker's start).
      const writer = await openServerDatabase(url);
      const later = await buildInspection(writer.db, {
        teamId: team.id,
        createdBy: team.admin.id,
        projectId: baseline.projectId,
        inspectionDate: '2026-08-01',
      });
      const [latePhoto] = await storePhotos(writer.db, config('api'), later, { x: BASE.x - 5, y: BASE.y });
      await writer.close();
      const next = await boot('all');
      try {
        const fix = await pollUntil(
          () =>
            next.handle.db
              .selectFrom('monitor_target_fixes')
              .select(['source', 'right_mm'])
              .where('target_id', '=', target.id)
              .where('image_id', '=', latePhoto!)
              .executeTakeFirst(),
          (row) => row?.right_mm != null,
        );
        expect(fix?.source).toBe('detected');
        expect(Math.abs(fix!.right_mm! + 5 * GSD_MM)).toBeLessThan(1);
        const kept = await next.handle.db
          .selectFrom('monitor_target_fixes')
          .select('source')
          .where('image_id', '=', rounds[1]!)
          .executeTakeFirstOrThrow();
        expect(kept.source).toBe('manual');
      } finally {
        await next.app.close();
        await next.handle.close();
      }
    } finally {
      await adminQuery(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
