import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';
import { buildInspection } from './inspection.js';
import { insertPhotos } from './spatial-marker.js';

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
