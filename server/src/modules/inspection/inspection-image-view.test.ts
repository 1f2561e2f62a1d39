import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { InspectionImage, InspectionPhotoView, Page } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildOutsider, buildProject } from '../../../test/factories/project.js';
import { DAY_MS, buildStaffedTeam, setFunction, type StaffedTeam } from '../../../test/factories/team.js';

const M3E = {
  camera_model: 'M3E',
  sensor_width_mm: 17.3,
  sensor_height_mm: 13,
  focal_length_mm: 12.29,
  image_width_px: 5280,
  image_height_px: 3956,
};

async function buildInspection(db: Kysely<Database>, team: StaffedTeam, projectId: number) {
  const inspection = await db
    .insertInto('inspections')
    .values({ project_id: projectId, name: 'Frustums', inspection_date: '2026-04-01', created_by: team.admin.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = (name: string, distance: number) =>
    db
      .insertInto('inspection_image_groups')
      .values({ inspection_id: inspection.id, name, photo_distance_m: distance, ...M3E })
      .returning('id')
      .executeTakeFirstOrThrow();
  return { inspectionId: inspection.id, deck: (await group('Deck', 12)).id, pier: (await group('Pier', 30)).id };
}

type ImageValues = Partial<{
  name: string;
  groupId: number;
  state: 'uploading' | 'uploaded' | 'processed' | 'failed';
  pose: [number, number, number, number, number, number] | null;
  size: [number, number] | null;
}>;

/** Photos written directly: the upload and ingest have their own tests, this call reads what they leave. */
async function insertImages(db: Kysely<Database>, inspectionId: number, groupId: number, given: ImageValues[]) {
  const images = given.map((image, index) => ({ ...image, name: image.name ?? `IMG_${index}.JPG` }));
  const rows = await db
    .insertInto('inspection_images')
    .values(
      images.map((image) => {
        const pose = image.pose === undefined ? [114.1, 22.5, 60, 0, -90, 0] : image.pose;
        const { name } = image;
        return {
          inspection_id: inspectionId,
          image_group_id: image.groupId ?? groupId,
          name,
          size_bytes: 1000,
          stored_bytes: 1000,
          storage_key: `test/${inspectionId}/${name}/`,
          state: image.state === 'uploading' ? 'uploading' : 'uploaded',
          longitude: pose?.[0] ?? null,
          latitude: pose?.[1] ?? null,
          altitude: pose?.[2] ?? null,
          yaw: pose?.[3] ?? null,
          pitch: pose?.[4] ?? null,
          roll: pose?.[5] ?? null,
          width_px: image.size === null ? null : (image.size?.[0] ?? 5280),
          height_px: image.size === null ? null : (image.size?.[1] ?? 3956),
        };
      }),
    )
    .returning(['id', 'name'])
    .execute();
  // Inserts model an upload's start; the ingest is what ends a photo processed or failed.
  for (const state of ['processed', 'failed'] as const) {
    const names = images.filter((image) => image.state === state).map((image) => image.name);
    if (names.length === 0) continue;
    await db
      .updateTable('inspection_images')
      .set({ state })
      .where('inspection_id', '=', inspectionId)
      .where('name', 'in', names)
      .execute();
  }
  return rows;
}

describeOnEachDatabase("an inspection's photos for the 3D view", (server) => {
  let team: StaffedTeam;
  let projectId: number;

  const view = (id: number | string, token = team.viewer.token) =>
    server().call<InspectionPhotoView>('POST', `/api/inspection-image/findInspectionAllImages/${id}`, { token });

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    ({ id: projectId } = await buildProject(server().db, {
      teamId: team.id,
      memberIds: [team.inspector.id, team.viewer.id],
    }));
  });

  it("answers every posed photo once with its group's camera, rounded poses and the intrinsics of a newest high-precision pose", async () => {
    const db = server().db;
    const { inspectionId, deck, pier } = await buildInspection(db, team, projectId);
    const inserted = await insertImages(db, inspectionId, deck, [
      { name: 'nadir.JPG', pose: [114.123456789123, 22.5432109876, 80.12345678, 12.3456789, -89.99999, 0.00001] },
      { name: 'oblique.JPG', groupId: pier, pose: [114.1235, 22.5433, 45.5, -120, -30, 2], size: null },
      { name: 'refined.JPG', pose: [114.1236, 22.5434, 50, 90, 0, 0] },
      { name: 'adjusted.JPG', pose: [114.1237, 22.5435, 55, 45, -45, 0] },
      { name: 'no-gps.JPG', pose: null, state: 'processed' },
      { name: 'failed.JPG', pose: null, state: 'failed' },
      // Still receiving bytes: not a photo yet, counted nowhere.
      { name: 'arriving.JPG', pose: [114.1, 22.5, 10, 0, 0, 0], state: 'uploading' },
    ]);
    const id = (name: string) => inserted.find((row) => row.name === name)!.id;
    const intrinsics = { width: 5280, height: 3956, fx: 3710.1234567, fy: 3711, cx: 2650.5, cy: 1990.25 };
    const pose = (imageId: number, source: 'metadata' | 'manual' | 'highPrecision', withIntrinsics: boolean) => ({
      image_id: imageId,
      source,
      longitude: 114,
      latitude: 22,
      altitude: 10,
      pitch: 0,
      yaw: 0,
      roll: 0,
      intrinsics: withIntrinsics ? JSON.stringify({ ...intrinsics, skew: 0, focalLengthPx: 3711 }) : null,
    });
    await db
      .insertInto('inspection_image_poses')
      .values([
        pose(id('refined.JPG'), 'metadata', false),
        pose(id('refined.JPG'), 'highPrecision', true),
        // Adjusted by hand after a high-precision pose: the newest pose has no intrinsics of its own.
        pose(id('adjusted.JPG'), 'highPrecision', true),
        pose(id('adjusted.JPG'), 'manual', false),
      ])
      .execute();

    const response = await view(inspectionId);
    expect(response.body.code).toBe(2000);
    const camera = {
      sensorWidthMm: 17.3,
      sensorHeightMm: 13,
      focalLengthMm: 12.29,
      imageWidthPx: 5280,
      imageHeightPx: 3956,
    };
    expect(response.body.data).toEqual({
      inspectionId,
      groups: [
        { id: deck, name: 'Deck', photoDistance: 12, ...camera },
        { id: pier, name: 'Pier', photoDistance: 30, ...camera },
      ],
      photos: [
        {
          id: id('nadir.JPG'),
          name: 'nadir.JPG',
          groupId: deck,
          pose: [114.12345679, 22.54321099, 80.123, 12.3457, -90, 0],
          width: 5280,
          height: 3956,
        },
        {
          id: id('oblique.JPG'),
          name: 'oblique.JPG',
          groupId: pier,
          pose: [114.1235, 22.5433, 45.5, -120, -30, 2],
          width: null,
          height: null,
        },
        {
          id: id('refined.JPG'),
          name: 'refined.JPG',
          groupId: deck,
          pose: [114.1236, 22.5434, 50, 90, 0, 0],
          width: 5280,
          height: 3956,
          intrinsics: { ...intrinsics, fx: 3710.123 },
        },
        {
          id: id('adjusted.JPG'),
          name: 'adjusted.JPG',
          groupId: deck,
          pose: [114.1237, 22.5435, 55, 45, -45, 0],
          width: 5280,
          height: 3956,
        },
      ],
      withoutPose: 2,
    });
  });

  it('answers an inspection without photos with its groups and nothing else', async () => {
    const { inspectionId } = await buildInspection(server().db, team, projectId);
    const response = await view(inspectionId, team.inspector.token);
    expect(response.body.data.photos).toEqual([]);
    expect(response.body.data.withoutPose).toBe(0);
    expect(response.body.data.groups).toHaveLength(2);
  });

  it('keeps 5,000 photos in a small payload, a fraction of the photo list', async () => {
    const db = server().db;
    const { inspectionId, deck } = await buildInspection(db, team, projectId);
    const count = 5000;
    // DJI's file names, poses with every digit a double has.
    const images: ImageValues[] = Array.from({ length: count }, (_, i) => ({
      name: `DJI_20260401${String(100000 + i)}_${String(i).padStart(4, '0')}_V.JPG`,
      pose: [
        114.05 + Math.random() / 100,
        22.54 + Math.random() / 100,
        40 + Math.random() * 80,
        Math.random() * 360 - 180,
        -Math.random() * 90,
        Math.random() - 0.5,
      ],
      state: 'processed',
    }));
    for (let start = 0; start < count; start += 1000) {
      await insertImages(db, inspectionId, deck, images.slice(start, start + 1000));
    }
    const started = performance.now();
    const response = await server().app.inject({
      method: 'POST',
      url: `/api/inspection-image/findInspectionAllImages/${inspectionId}`,
      headers: { authorization: `Bearer ${team.viewer.token}` },
    });
    const elapsed = performance.now() - started;
    const body = JSON.parse(response.body) as { code: number; data: InspectionPhotoView };
    expect(body.code).toBe(2000);
    expect(body.data.photos).toHaveLength(count);
    const bytes = Buffer.byteLength(response.body);
    const perPhoto = bytes / count;
    // The same photos as the paged list describes them, for comparison.
    const page = await server().call<Page<InspectionImage>>('POST', '/api/inspection-image/findPage', {
      token: team.viewer.token,
      body: { inspectionId, pageNum: 1, pageSize: 100 },
    });
    const listPerPhoto = Buffer.byteLength(JSON.stringify(page.body.data.records)) / page.body.data.records.length;
    console.info(
      `findInspectionAllImages, ${count} photos (${server().backend}): ${(bytes / 1024).toFixed(0)} KiB, ` +
        `${perPhoto.toFixed(0)} bytes a photo (the paged list: ${listPerPhoto.toFixed(0)}), ${elapsed.toFixed(0)} ms`,
    );
    expect(perPhoto).toBeLessThan(170);
    expect(perPhoto).toBeLessThan(listPerPhoto / 3);
  });

  it('refuses bad ids, unknown and binned inspections, other teams, non-members and a lapsed function package', async () => {
    const db = server().db;
    const { inspectionId } = await buildInspection(db, team, projectId);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      expect((await view(bad)).body.msg, bad).toBe('VALIDATION_ERROR');
    }
    expect((await view(999_999)).body.msg).toBe('INSPECTION_NOT_EXISTING');
    const outsider = await buildOutsider(db);
    expect((await view(inspectionId, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    // A member of the team who is no member of the project.
    const { id: closedProject } = await buildProject(db, { teamId: team.id, memberIds: [team.inspector.id] });
    const closed = await buildInspection(db, team, closedProject);
    expect((await view(closed.inspectionId, team.viewer.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect((await view(closed.inspectionId, team.inspector.token)).body.code).toBe(2000);
    // Without a session.
    const anonymous = await server().call('POST', `/api/inspection-image/findInspectionAllImages/${inspectionId}`);
    expect(anonymous.status).toBe(401);
    // Binned with the recycle bin.
    await db
      .updateTable('inspections')
      .set({ deleted_at: sql<Date>`now()` })
      .where('id', '=', inspectionId)
      .execute();
    expect((await view(inspectionId)).body.msg).toBe('INSPECTION_NOT_EXISTING');

    const lapsed = await buildStaffedTeam(db);
    const { id: lapsedProject } = await buildProject(db, { teamId: lapsed.id, memberIds: [lapsed.viewer.id] });
    const lapsedInspection = await buildInspection(db, lapsed, lapsedProject);
    expect((await view(lapsedInspection.inspectionId, lapsed.viewer.token)).body.code).toBe(2000);
    await setFunction(db, {
      teamId: lapsed.id,
      code: 'inspection',
      activatedAt: new Date(Date.now() - 30 * DAY_MS),
      expiresAt: new Date(Date.now() - DAY_MS),
    });
    expect((await view(lapsedInspection.inspectionId, lapsed.viewer.token)).body.msg).toBe('TEAM_FUNCTION_INACTIVE');
  });
});
