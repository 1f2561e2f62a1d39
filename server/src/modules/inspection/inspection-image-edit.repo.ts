import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** Data access for changes to listed photos (not uploads underway) of live inspections. */
export function createImageEditRepo(db: Kysely<Database>) {
  return {
    findIdByFile(uploadId: string) {
      return db
        .selectFrom('inspection_images as img')
        .innerJoin('inspections as i', 'i.id', 'img.inspection_id')
        .select(['img.id'])
        .where('img.upload_id', '=', uploadId)
        .where('img.state', '!=', 'uploading')
        .where('i.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    groupOfInspection(groupId: number, inspectionId: number) {
      return db
        .selectFrom('inspection_image_groups')
        .select('id')
        .where('id', '=', groupId)
        .where('inspection_id', '=', inspectionId)
        .executeTakeFirst();
    },

    /** Another photo of the inspection already named so (names compare as the pose export matching does). */
    nameTaken(inspectionId: number, name: string, exceptId: number) {
      return db
        .selectFrom('inspection_images')
        .select('id')
        .where('inspection_id', '=', inspectionId)
        .where('id', '!=', exceptId)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .executeTakeFirst();
    },

    update(
      ids: readonly number[],
      changes: Partial<{
        name: string;
        category: string;
        image_group_id: number;
        screening_status: number;
        favourite: boolean;
      }>,
    ) {
      return db.updateTable('inspection_images').set(changes).where('id', 'in', ids).returningAll().execute();
    },
  };
}

export type ImageEditRepo = ReturnType<typeof createImageEditRepo>;
