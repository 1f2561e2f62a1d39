import type { DatabaseHandle } from '../../src/platform/db/database.js';
import { buildProject } from './project.js';

/**
 * An inspection with one image group (a DJI Mavic 3E camera), inserted directly: the inspection calls have their own
 * tests. Without `projectId` it is in a fresh project, which `memberIds` join besides the team's administrators.
 */
export async function buildInspection(
  db: DatabaseHandle['db'],
  options: {
    teamId: number;
    createdBy: number;
    memberIds?: number[];
    name?: string;
    projectId?: number;
    inspectionDate?: string;
  },
) {
  const projectId =
    options.projectId ?? (await buildProject(db, { teamId: options.teamId, memberIds: options.memberIds ?? [] })).id;
  const inspection = await db
    .insertInto('inspections')
    .values({
      project_id: projectId,
      name: options.name ?? 'Photos',
      inspection_date: options.inspectionDate ?? '2026-04-01',
      created_by: options.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await db
    .insertInto('inspection_image_groups')
    .values({
      inspection_id: inspection.id,
      name: 'Deck',
      photo_distance_m: 5,
      camera_model: 'M3E',
      sensor_width_mm: 17.3,
      sensor_height_mm: 13,
      focal_length_mm: 12.29,
      image_width_px: 5280,
      image_height_px: 3956,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { projectId, inspectionId: inspection.id, groupId: group.id };
}
