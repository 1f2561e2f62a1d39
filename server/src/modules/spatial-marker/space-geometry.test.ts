import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import {
  SPACE_BINDING_EVENT,
  type InspectionImage,
  type Page,
  type SpaceBindingEvent,
  type SpaceImage,
} from '@sightline/shared';
import { enu, enuFrame, enuToWgs84, wgs84 } from '@sightline/geo';
import { describeOnEachDatabase, type TestServer } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildServedModel } from '../../../test/factories/project-model.js';
import {
  apiCaller,
  insertMarkers,
  insertPhotos,
  okData,
  wallTileset,
  type WallRect,
} from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';

/**
 * A scene whose answers are worked out by hand here, in the model's own east-north-up frame: a wall 20 m north of the
 * origin and a pier 10 m north standing in front of part of it. Cameras stand on the line north = 0 at 10 m up and
 * look north, level, so each optical axis meets the first surface straight ahead at the camera's east and height.
 */
const ORIGIN = { lon: 114.05, lat: 22.54, height: 0 };
const FRAME = enuFrame(wgs84(ORIGIN.lon, ORIGIN.lat, ORIGIN.height));
const WALL: WallRect = { north: 20, east: [-60, 60], top: 40 };
const PIER: WallRect = { north: 10, east: [26, 34], top: 40 };
const WALLS = [WALL, PIER];
/** The M3E camera of the inspection factory on a 5280 × 3956 photo: half the width over the focal length. */
const TAN_HALF_WIDTH = 17.3 / 2 / 12.29;
const FX = 5280 / (17.3 / 12.29);

const at = (e: number, n: number, u: number) => {
  const point = enuToWgs84(enu(e, n, u), FRAME);
  return { lon: point.lon, lat: point.lat, height: point.height };
};

interface Camera {
  name: string;
  east: number;
  /** Looking south (yaw 180) instead of north. */
  away?: boolean;
}
const CAMERAS: Camera[] = [
  { name: 'A.JPG', east: 0 },
  { name: 'B.JPG', east: 20 },
  { name: 'C.JPG', east: -20 },
  { name: 'D.JPG', east: -40 },
  { name: 'E.JPG', east: 30 },
  { name: 'F.JPG', east: 0, away: true },
  { name: 'G.JPG', east: 10 },
];
const CAMERA_UP = 10;

const MARKERS = {
  M1: [0, 20, 10],
  M2: [20.5, 20, 10],
  M3: [-21.5, 20, 10],
  M4: [30, 10, 10.8],
  M5: [30, 20, 10],
} as const;

/** Where a camera's axis first meets a surface, by hand: the nearest wall straight ahead spanning its east. */
function axisHit(camera: Camera): [number, number, number] | null {
  if (camera.away) return null;
  const ahead = WALLS.filter(
    (wall) => wall.east[0] <= camera.east && camera.east <= wall.east[1] && CAMERA_UP <= wall.top,
  );
  if (ahead.length === 0) return null;
  return [camera.east, Math.min(...ahead.map((wall) => wall.north)), CAMERA_UP];
}

/** Bindings within `distanceM` of each axis's hit, by hand, as `photo:marker` pairs. */
function expectedBindings(distanceM: number): string[] {
  return CAMERAS.flatMap((camera) => {
    const hit = axisHit(camera);
    if (!hit) return [];
    return Object.entries(MARKERS)
      .filter(([, m]) => Math.hypot(m[0] - hit[0], m[1] - hit[1], m[2] - hit[2]) <= distanceM)
      .map(([code]) => `${camera.name}:${code}`);
  }).sort();
}

/** Cameras whose frustum holds the point (same height: only the horizontal angle counts) with nothing in between. */
function expectedSeeing(point: readonly [number, number, number]): string[] {
  return CAMERAS.filter((camera) => {
    const forward = camera.away ? -point[1] : point[1];
    if (forward <= 0 || Math.abs(point[0] - camera.east) / forward > TAN_HALF_WIDTH) return false;
    // The sight line crosses each nearer wall's plane at one east: blocked when that lies on the wall.
    return !WALLS.some((wall) => {
      if (wall.north >= point[1] - 1e-6) return false;
      const east = camera.east + ((point[0] - camera.east) * wall.north) / point[1];
      return wall.east[0] <= east && east <= wall.east[1];
    });
  })
    .map((camera) => camera.name)
    .sort();
}

async function waitForBinding(server: TestServer, inspectionId: number, after: number): Promise<SpaceBindingEvent> {
  for (let tries = 0; tries < 600; tries += 1) {
    const ended = server.events
      .slice(after)
      .map((event) => (event.name === SPACE_BINDING_EVENT ? (event.value as SpaceBindingEvent) : null))
      .find((value) => value?.inspectionId === inspectionId && value.state !== 'running');
    if (ended) return ended;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the automatic binding did not end');
}

describeOnEachDatabase('automatic binding and sight lines on a model', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let inspectionId: number;
  let photo: Record<string, number>;
  let markers: Record<string, number>;

  const call = apiCaller(server, () => team.inspector.token);
  const ok = okData;

  /** Every binding of the inspection as `photo:marker` pairs, with its source and distance. */
  async function bindings() {
    const names = Object.fromEntries(Object.entries(photo).map(([name, id]) => [id, name]));
    const rows: Array<{ pair: string; source: string; distanceM: number | null }> = [];
    for (const [code, markerId] of Object.entries(markers)) {
      const page = ok(
        await call<Page<SpaceImage>>('POST', '/space-image-assoc/findSpaceImages', {
          inspectionId,
          markerId,
          pageNum: 1,
          pageSize: 50,
        }),
      );
      for (const record of page.records) {
        rows.push({ pair: `${names[record.image.id]}:${code}`, source: record.source, distanceM: record.distanceM });
      }
    }
    return rows.sort((a, b) => a.pair.localeCompare(b.pair));
  }

  async function autoBind(distanceCm: number) {
    const after = server().events.length;
    const started = ok(
      await call<{ bound: number | null; jobId: string | null }>('POST', '/space-image-assoc/adds', {
        mode: 'auto',
        inspectionId,
        distanceCm,
      }),
    );
    expect(started.bound).toBeNull();
    expect(started.jobId).toEqual(expect.any(String));
    return waitForBinding(server(), inspectionId, after);
  }

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    });
    ({ projectId, inspectionId } = scene);
    await buildServedModel(db, server().config.FILES_DIR, {
      teamId: team.id,
      projectId,
      entries: await wallTileset(ORIGIN, WALLS),
    });
    const rows = await insertPhotos(
      db,
      inspectionId,
      scene.groupId,
      CAMERAS.map((camera) => {
        const position = at(camera.east, 0, CAMERA_UP);
        return {
          name: camera.name,
          pose: [position.lon, position.lat, position.height, camera.away ? 180 : 0, 0, 0],
        };
      }),
    );
    // A photo without pose is never bound automatically and stays in the unbound list.
    rows.push(...(await insertPhotos(db, inspectionId, scene.groupId, [{ name: 'nopose.JPG', pose: null }])));
    photo = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    ({ ids: markers } = await insertMarkers(db, projectId, [
      ...Object.entries(MARKERS).map(([code, [e, n, u]]) => ({ code, position: at(e, n, u) })),
      // Not placed yet: never bound.
      { code: 'M6' },
    ]));
  });

  it('binds each posed photo to the markers near where its optical axis meets the model, as worked out by hand', async () => {
    const done = await autoBind(100);
    const expected = expectedBindings(1);
    expect(expected).toEqual(['A.JPG:M1', 'B.JPG:M2', 'E.JPG:M4']);
    expect(done).toMatchObject({ state: 'done', errorKey: null, total: 7, processed: 7, bound: 3, unbound: 4 });
    const bound = await bindings();
    expect(bound.map((row) => row.pair)).toEqual(expected);
    expect(bound.every((row) => row.source === 'auto')).toBe(true);
    const distance = Object.fromEntries(bound.map((row) => [row.pair, row.distanceM!]));
    expect(distance['A.JPG:M1']).toBeCloseTo(0, 2);
    expect(distance['B.JPG:M2']).toBeCloseTo(0.5, 2);
    expect(distance['E.JPG:M4']).toBeCloseTo(0.8, 2);
    expect(
      ok(
        await call<{ distanceCm: number | null }>('GET', `/inspection-task/space-marking-distance/${inspectionId}`, {}),
      ),
    ).toEqual({ distanceCm: 100 });
    const unbound = ok(
      await call<Page<InspectionImage>>('POST', '/space-image-assoc/find/images/no/bind/img', {
        inspectionId,
        pageNum: 1,
        pageSize: 20,
      }),
    );
    expect(unbound.records.map((image) => image.name)).toEqual(['C.JPG', 'D.JPG', 'F.JPG', 'G.JPG', 'nopose.JPG']);
  });

  it('binds again at another distance: automatic bindings are replaced, manual ones stay', async () => {
    ok(
      await call('POST', '/space-image-assoc/adds', {
        mode: 'manual',
        inspectionId,
        markerId: markers.M5,
        imageIds: [photo['D.JPG']],
      }),
    );
    const done = await autoBind(200);
    const expected = expectedBindings(2);
    expect(expected).toEqual(['A.JPG:M1', 'B.JPG:M2', 'C.JPG:M3', 'E.JPG:M4']);
    expect(done).toMatchObject({ state: 'done', bound: 4 });
    const bound = await bindings();
    expect(bound.filter((row) => row.source === 'auto').map((row) => row.pair)).toEqual(expected);
    expect(bound.filter((row) => row.source === 'manual').map((row) => row.pair)).toEqual(['D.JPG:M5']);
    expect(
      ok(
        await call<{ distanceCm: number | null }>('GET', `/inspection-task/space-marking-distance/${inspectionId}`, {}),
      ),
    ).toEqual({ distanceCm: 200 });
    expect(
      ok(await call('GET', '/inspection-image/no-space-marking/infos', { inspectionId: String(inspectionId) })),
    ).toEqual({ total: 8, bound: 5, unbound: 3 });
  });

  it('lists the photos that see a point: inside the frustum and not hidden behind the pier', async () => {
    const seeing = async (point: readonly [number, number, number]) =>
      ok(
        await call<Array<{ image: InspectionImage; u: number; v: number; distanceM: number }>>(
          'POST',
          '/space-marking/judge/pose',
          { inspectionId, position: at(...point) },
          team.viewer.token,
        ),
      );
    const onWall = await seeing(MARKERS.M1);
    expect(expectedSeeing(MARKERS.M1)).toEqual(['A.JPG', 'G.JPG']);
    expect(onWall.map((entry) => entry.image.name).sort()).toEqual(expectedSeeing(MARKERS.M1));
    const fromA = onWall.find((entry) => entry.image.name === 'A.JPG')!;
    expect(fromA.u).toBeCloseTo(2640, 0);
    expect(fromA.v).toBeCloseTo(1978, 0);
    expect(fromA.distanceM).toBeCloseTo(20, 2);
    const fromG = onWall.find((entry) => entry.image.name === 'G.JPG')!;
    // 10 m left of G's axis at 20 m: half the focal length in pixels left of the centre.
    expect(fromG.u).toBeCloseTo(2640 - FX / 2, 0);
    expect(fromG.distanceM).toBeCloseTo(Math.hypot(10, 20), 2);

    // Straight ahead of E but behind the pier: E does not see it, B sees it past the pier's edge.
    expect(expectedSeeing(MARKERS.M5)).toEqual(['B.JPG']);
    expect((await seeing(MARKERS.M5)).map((entry) => entry.image.name)).toEqual(['B.JPG']);
  });

  it('answers in pixels of the photo as users see it when its EXIF orientation turns it', async () => {
    const db = server().db;
    const fromG = async () => {
      const seeing = ok(
        await call<Array<{ image: InspectionImage; u: number; v: number }>>(
          'POST',
          '/space-marking/judge/pose',
          { inspectionId, position: at(...MARKERS.M1) },
          team.viewer.token,
        ),
      );
      return seeing.find((entry) => entry.image.name === 'G.JPG')!;
    };
    const stored = await fromG();
    expect(stored.u).toBeCloseTo(2640 - FX / 2, 0);
    expect(stored.v).toBeCloseTo(1978, 0);
    // Orientation 6, as a camera held on its side writes it: the 5280 × 3956 photo is shown 3956 × 5280, its
    // stored pixel (x, y) at (3956 − y, x).
    const turn = (orientation: number | null) =>
      db
        .updateTable('inspection_images')
        .set({
          metadata: orientation === null ? null : sql<string>`jsonb_build_object('orientation', ${orientation}::int)`,
        })
        .where('id', '=', photo['G.JPG']!)
        .execute();
    await turn(6);
    try {
      const shown = await fromG();
      expect(shown.u).toBeCloseTo(3956 - stored.v, 1);
      expect(shown.v).toBeCloseTo(stored.u, 1);
    } finally {
      await turn(null);
    }
  });

  it('fails the binding with PROJECT_MODEL_ERROR when the model cannot be read, and keeps the bindings there were', async () => {
    const db = server().db;
    const broken = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id],
    });
    // The synthetic tileset's tile is random bytes: no mesh comes out of it.
    await buildServedModel(db, server().config.FILES_DIR, { teamId: team.id, projectId: broken.projectId });
    const [shot] = await insertPhotos(db, broken.inspectionId, broken.groupId, [
      { name: 'shot.JPG', pose: [ORIGIN.lon, ORIGIN.lat, 10, 0, 0, 0] },
    ]);
    const { ids } = await insertMarkers(db, broken.projectId, [{ code: 'K1', position: at(0, 20, 10) }]);
    ok(
      await call('POST', '/space-image-assoc/adds', {
        mode: 'manual',
        inspectionId: broken.inspectionId,
        markerId: ids.K1,
        imageIds: [shot!.id],
      }),
    );
    const after = server().events.length;
    ok(
      await call('POST', '/space-image-assoc/adds', {
        mode: 'auto',
        inspectionId: broken.inspectionId,
        distanceCm: 50,
      }),
    );
    expect(await waitForBinding(server(), broken.inspectionId, after)).toMatchObject({
      state: 'failed',
      errorKey: 'PROJECT_MODEL_ERROR',
    });
    expect(
      ok(await call('GET', '/inspection-image/no-space-marking/infos', { inspectionId: String(broken.inspectionId) })),
    ).toEqual({ total: 1, bound: 1, unbound: 0 });
    expect(
      (
        await call('POST', '/space-marking/judge/pose', {
          inspectionId: broken.inspectionId,
          position: at(0, 20, 10),
        })
      ).body.msg,
    ).toBe('PROJECT_MODEL_ERROR');
  });

  it("measures how far a photo's optical axis runs to the model", async () => {
    const distance = async (name: string) =>
      ok(
        await call<{ distanceM: number | null }>('GET', '/inspection-image/find/collision/distance', {
          imageId: String(photo[name]),
        }),
      ).distanceM;
    expect(await distance('A.JPG')).toBeCloseTo(20, 2);
    expect(await distance('E.JPG')).toBeCloseTo(10, 2);
    expect(await distance('F.JPG')).toBeNull();
    expect(await distance('nopose.JPG')).toBeNull();
  });
});
