import { sql, type Kysely } from 'kysely';
import { enu, enuFrame, enuToWgs84, wgs84 } from '@sightline/geo';
import type { Database, DefectFilterRangesTable } from '../../src/platform/db/schema.js';
import { buildInspection } from './inspection.js';
import { insertPhotos, wallTileset, type PoseTuple } from './spatial-marker.js';

type FilterBound =
  'crack_length_min' | 'crack_length_max' | 'crack_width_min' | 'crack_width_max' | 'area_min' | 'area_max';

/** The project's damage filter range written directly: the bounds given, every other one open. */
export async function insertDefectFilterRange(
  db: Kysely<Database>,
  projectId: number,
  bounds: Partial<Pick<DefectFilterRangesTable, FilterBound>>,
) {
  await db
    .insertInto('defect_filter_ranges')
    .values({
      project_id: projectId,
      crack_length_min: null,
      crack_length_max: null,
      crack_width_min: null,
      crack_width_max: null,
      area_min: null,
      area_max: null,
      ...bounds,
    })
    .execute();
}

/**
 * A defect of the given type written directly on a new photo of a new inspection of the project, for tests of what
 * defects hold on to (the defect calls have their own tests).
 */
export async function insertDefect(
  db: Kysely<Database>,
  options: { teamId: number; createdBy: number; projectId: number; typeId: number },
) {
  const scene = await buildInspection(db, options);
  const [photo] = await insertPhotos(db, scene.inspectionId, scene.groupId, [{ name: 'defect.JPG', pose: null }]);
  return db
    .insertInto('defects')
    .values({
      project_id: options.projectId,
      inspection_id: scene.inspectionId,
      image_id: photo!.id,
      number: 1,
      type_id: options.typeId,
      level: 2,
      shape_kind: 'polyline',
      points: JSON.stringify([
        [0, 0],
        [10, 0],
      ]),
      width_px: null,
      length_m: 0.01,
      width_mm: null,
      area_m2: null,
      size_basis: 'distance',
      edited_length_m: null,
      edited_width_mm: null,
      edited_area_m2: null,
      marker_id: null,
      source: 'manual',
      lon: null,
      lat: null,
      height: null,
      location_state: 'noModel',
      created_by: options.createdBy,
      updated_by: options.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * A camera whose numbers come out round by hand: 13.2 mm sensor width, 8.8 mm focal length, 5472 × 3648 photos, so
 * fx = fy = 5472 × 8.8 / 13.2 = 3648 px with the principal point at (2736, 1824). At an 8 m shooting distance a
 * pixel covers 8 × 13.2 / (8.8 × 5472) = 8 / 3648 m: 456 px make a metre.
 */
export const ROUND_CAMERA_GROUP = {
  name: 'Facade',
  camera_model: 'test',
  sensor_width_mm: 13.2,
  sensor_height_mm: 8.8,
  focal_length_mm: 8.8,
  image_width_px: 5472,
  image_height_px: 3648,
};
export const ROUND_CAMERA_SIZE: [number, number] = [5472, 3648];
/** Pixels in a metre at 8 m with the round camera. */
export const ROUND_CAMERA_METRE_PX = 456;

/** An image group of the round camera at `distanceM` in the inspection. */
export async function addRoundCameraGroup(db: Kysely<Database>, inspectionId: number, distanceM: number) {
  const row = await db
    .insertInto('inspection_image_groups')
    .values({
      ...ROUND_CAMERA_GROUP,
      name: `${ROUND_CAMERA_GROUP.name} ${distanceM}`,
      inspection_id: inspectionId,
      photo_distance_m: distanceM,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new inspection in a new project of the team (the members given), its 8 m round-camera group and photos in it. */
export async function buildDefectScene(
  db: Kysely<Database>,
  options: { teamId: number; createdBy: number; memberIds: number[] },
  photos: ReadonlyArray<{ name: string; pose: PoseTuple | null }>,
) {
  const scene = await buildInspection(db, options);
  const group = await addRoundCameraGroup(db, scene.inspectionId, 8);
  const rows = await insertPhotos(
    db,
    scene.inspectionId,
    group,
    photos.map((photo) => ({ ...photo, size: ROUND_CAMERA_SIZE })),
  );
  return { ...scene, photo: Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, number> };
}

/**
 * The wall scene of the defect tests: a wall 20 m north of the origin, facing south, 120 m wide and 40 m tall. A
 * round camera 10 m up at the origin looking north, level (yaw 0, pitch 0), sees along north + ((u − 2736)/3648)·east
 * + ((v − 1824)/3648)·down, so pixel (u, v) meets the wall at east = 20·(u − 2736)/3648 and up = 10 − 20·(v − 1824)/3648.
 */
export const WALL_ORIGIN = { lon: 114.05, lat: 22.54, height: 0 };
const WALL_FRAME = enuFrame(wgs84(WALL_ORIGIN.lon, WALL_ORIGIN.lat, WALL_ORIGIN.height));

/** The WGS84 position `e` m east, `n` m north and `u` m up of the wall scene's origin. */
export function wallSceneAt(e: number, n: number, u: number) {
  const point = enuToWgs84(enu(e, n, u), WALL_FRAME);
  return { lon: point.lon, lat: point.lat, height: point.height };
}

/** The wall scene's model: its tileset's files, to serve as the project's model. */
export const wallSceneTileset = () => wallTileset(WALL_ORIGIN, [{ north: 20, east: [-60, 60], top: 40 }]);

/** x = y = 0.1 past the principal point: 364.8 px, a 2 m square on the wall 20 m away, its centre at (1 E, 20 N, 9 U). */
export const SQUARE_ON_WALL = {
  kind: 'polygon',
  points: [
    [2736, 1824],
    [3100.8, 1824],
    [3100.8, 2188.8],
    [2736, 2188.8],
  ],
};

/**
 * `count` copies of a defect in its photo, numbered from its number plus `fromNumber` on: many defects at once (batches
 * of a job) in one statement.
 */
export async function copyDefect(
  db: Kysely<Database>,
  defectId: number,
  options: { count: number; fromNumber: number },
) {
  await sql`
    insert into defects (project_id, inspection_id, image_id, number, type_id, level, shape_kind, points, width_px,
      length_m, width_mm, area_m2, size_basis, lon, lat, height, location_state, source)
    select project_id, inspection_id, image_id, number + n, type_id, level, shape_kind, points, width_px,
      length_m, width_mm, area_m2, size_basis, lon, lat, height, location_state, source
    from defects, generate_series(${options.fromNumber}::int, ${options.fromNumber + options.count - 1}::int) as n
    where id = ${defectId}`.execute(db);
}
