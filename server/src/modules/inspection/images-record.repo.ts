import type { Kysely } from 'kysely';
import type { ImageCategory } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

/** Files of one insert statement: PostgreSQL takes at most 65,535 parameters, four per file. */
const FILES_PER_INSERT = 5_000;

export interface ImagesRecordCounts {
  arrived: number;
  processed: number;
  failed: number;
}

/** Upload records and their files; whether a file arrived is read from the inspection's photos by name. */
export function createImagesRecordRepo(db: Kysely<Database>) {
  function records() {
    return db
      .selectFrom('images_records as r')
      .innerJoin('inspection_image_groups as g', 'g.id', 'r.image_group_id')
      .leftJoin('users as u', 'u.id', 'r.created_by')
      .select([
        'r.id',
        'r.inspection_id',
        'r.image_group_id',
        'g.name as image_group_name',
        'r.category',
        'r.created_by',
        'u.name as created_by_name',
        'r.file_count',
        'r.total_bytes',
        'r.created_at',
      ]);
  }

  /** The record's files joined to the photo of the same name in its inspection (none when it is not there). */
  function filesWithPhotos() {
    return db
      .selectFrom('images_record_files as f')
      .innerJoin('images_records as r', 'r.id', 'f.record_id')
      .leftJoin('inspection_images as i', (join) =>
        join
          .onRef('i.inspection_id', '=', 'r.inspection_id')
          .onRef('i.name', '=', 'f.name')
          // A photo still receiving its bytes has not arrived.
          .on('i.state', '!=', 'uploading'),
      );
  }

  return {
    /** Inserts a record with its files in one transaction; returns its id. */
    async insert(record: {
      inspectionId: number;
      imageGroupId: number;
      category: ImageCategory;
      createdBy: number;
      files: ReadonlyArray<{ name: string; size: number }>;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('images_records')
          .values({
            inspection_id: record.inspectionId,
            image_group_id: record.imageGroupId,
            category: record.category,
            created_by: record.createdBy,
            file_count: record.files.length,
            total_bytes: record.files.reduce((sum, file) => sum + file.size, 0),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let start = 0; start < record.files.length; start += FILES_PER_INSERT) {
          await trx
            .insertInto('images_record_files')
            .values(
              record.files.slice(start, start + FILES_PER_INSERT).map((file, index) => ({
                record_id: id,
                position: start + index,
                name: file.name,
                size_bytes: file.size,
              })),
            )
            .execute();
        }
        return id;
      });
    },

    find(id: number) {
      return records().where('r.id', '=', id).executeTakeFirst();
    },

    /** An inspection's records, newest first, and how many it has. */
    async page(inspectionId: number, paging: { pageNum: number; pageSize: number }) {
      const [rows, total] = await Promise.all([
        records()
          .where('r.inspection_id', '=', inspectionId)
          .orderBy('r.id', 'desc')
          .limit(paging.pageSize)
          .offset((paging.pageNum - 1) * paging.pageSize)
          .execute(),
        db
          .selectFrom('images_records')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('inspection_id', '=', inspectionId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** How many files of each record arrived, were processed and failed. */
    async counts(recordIds: readonly number[]): Promise<Map<number, ImagesRecordCounts>> {
      if (recordIds.length === 0) return new Map();
      const rows = await filesWithPhotos()
        .select((eb) => [
          'f.record_id',
          eb.fn.count<string>('i.id').as('arrived'),
          eb.fn.count<string>('i.id').filterWhere('i.state', '=', 'processed').as('processed'),
          eb.fn.count<string>('i.id').filterWhere('i.state', '=', 'failed').as('failed'),
        ])
        .where('f.record_id', 'in', recordIds)
        .groupBy('f.record_id')
        .execute();
      return new Map(
        rows.map((row) => [
          row.record_id,
          { arrived: Number(row.arrived), processed: Number(row.processed), failed: Number(row.failed) },
        ]),
      );
    },

    /** The record's files that are not photos of its inspection, in the batch's order. */
    missingFiles(recordId: number) {
      return filesWithPhotos()
        .select(['f.name', 'f.size_bytes'])
        .where('f.record_id', '=', recordId)
        .where('i.id', 'is', null)
        .orderBy('f.position')
        .execute();
    },
  };
}

export type ImagesRecordRepo = ReturnType<typeof createImagesRecordRepo>;
export type ImagesRecordRow = NonNullable<Awaited<ReturnType<ImagesRecordRepo['find']>>>;
