import { sql, type Kysely, type Selectable } from 'kysely';
import { AppError, INSPECTION_IMAGE_TILES_PATH, type ErrorKey, type InspectionImagePyramid } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { Database, InspectionImagePyramidsTable } from '../../platform/db/schema.js';
import type { StoredFile } from '../../platform/http/stored-file.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { maxLevelOf, tileOrdinal, type PyramidGeometry } from '@sightline/imagery';
import type { ImageQuota } from './inspection-image.quota.js';
import { imageBlobKeys, type InspectionImageRow } from './inspection-image.repo.js';
import { makePyramidTask } from './inspection-image-pyramid.tasks.js';

/**
 * A photo's tile pyramid, for the full-resolution viewer (OpenSeadragon's Deep Zoom layout: level `maxLevel` is
 * the full size, each level below halves it down to one pixel; tiles of `tileSize` plus `overlap` on inner edges).
 *
 * The tiles of a photo are stored as one blob, the pack: every tile's JPEG in level, row, column order, then an
 * index of their offsets. A 100-megapixel photo makes some 2,000 tiles; one blob is written once (no half
 * pyramid under the photo's folder after a crash), costs one request instead of thousands in an S3-compatible
 * store, and is deleted by its key along with the photo's other blobs on every path that frees a photo (delete,
 * recycle-bin purge, project purge). A tile is a byte range of the pack, which both stores read directly.
 */
export const PYRAMID_JOB = 'inspection.image-pyramid';
/** The pack's key, in the photo's folder beside its original and thumbnails. */
export const pyramidPackKey = (storageKey: string) => imageBlobKeys(storageKey).pyramid;

/** The folder of a photo's tiles: the one a signed link opens, covering this photo's pyramid and no other. */
export const pyramidTilesFolder = (inspectionId: number, imageId: number) =>
  `${INSPECTION_IMAGE_TILES_PATH}${inspectionId}/${imageId}/`;

type PyramidRow = Selectable<InspectionImagePyramidsTable>;

function pyramidQueries(db: Kysely<Database>) {
  return {
    find: (imageId: number) =>
      db.selectFrom('inspection_image_pyramids').selectAll().where('image_id', '=', imageId).executeTakeFirst(),

    /** Starts a pyramid never asked for, or one that failed; undefined when one is underway or ready. */
    start: (imageId: number) =>
      db
        .insertInto('inspection_image_pyramids')
        .values({ image_id: imageId, state: 'making' })
        .onConflict((conflict) =>
          conflict
            .column('image_id')
            .doUpdateSet({ state: 'making', error_key: null, updated_at: sql<Date>`now()` })
            .where('inspection_image_pyramids.state', '=', 'failed'),
        )
        .returning('image_id')
        .executeTakeFirst(),

    fail: (imageId: number, errorKey: ErrorKey) =>
      db
        .updateTable('inspection_image_pyramids')
        .set({ state: 'failed', error_key: errorKey, updated_at: sql<Date>`now()` })
        .where('image_id', '=', imageId)
        .where('state', '=', 'making')
        .execute(),

    complete: (imageId: number, values: { geometry: PyramidGeometry; packBytes: number; indexOffset: number }) =>
      db
        .updateTable('inspection_image_pyramids')
        .set({
          state: 'ready',
          width: values.geometry.width,
          height: values.geometry.height,
          tile_size: values.geometry.tileSize,
          overlap: values.geometry.overlap,
          max_level: maxLevelOf(values.geometry),
          pack_bytes: values.packBytes,
          index_offset: values.indexOffset,
          updated_at: sql<Date>`now()`,
        })
        .where('image_id', '=', imageId)
        .where('state', '=', 'making')
        .returning('image_id')
        .executeTakeFirst(),

    /** The pack's bytes count in the team's storage as the photo's: every path that frees a photo frees them. */
    countBytes: (imageId: number, bytes: number) =>
      db
        .updateTable('inspection_images')
        .set({ stored_bytes: sql<string>`stored_bytes + ${bytes}` })
        .where('id', '=', imageId)
        .execute(),

    /** The team a photo's bytes count against, its inspection binned or not. */
    teamOf: (imageId: number) =>
      db
        .selectFrom('inspection_images as img')
        .innerJoin('inspections as i', 'i.id', 'img.inspection_id')
        .innerJoin('projects as p', 'p.id', 'i.project_id')
        .select(['p.team_id', 'p.id as project_id', 'img.inspection_id', 'img.storage_key'])
        .where('img.id', '=', imageId)
        .executeTakeFirst(),
  };
}

function toPyramid(imageId: number, inspectionId: number, row: PyramidRow | undefined): InspectionImagePyramid {
  const ready = row?.state === 'ready';
  return {
    imageId,
    state: row?.state ?? 'none',
    errorKey: row?.error_key ?? null,
    width: ready ? row.width : null,
    height: ready ? row.height : null,
    tileSize: ready ? row.tile_size : null,
    overlap: ready ? row.overlap : null,
    format: ready ? 'jpeg' : null,
    maxLevel: ready ? row.max_level : null,
    tilesUrl: ready ? pyramidTilesFolder(inspectionId, imageId) : null,
  };
}

/** Tile offsets of the packs served lately: they never change while the pyramid exists, and a tile needs one. */
const INDEX_CACHE_SIZE = 64;

export interface ImagePyramidDeps {
  /** Runs work in one transaction of the photos' database (InspectionImageRepo.transaction). */
  transaction<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /** The listed photo `id` the caller may see, as the photo calls require it. */
  requireImage(auth: AuthContext, id: number): Promise<InspectionImageRow & { project_id: number; team_id: number }>;
  quota: ImageQuota;
  jobs: JobQueue;
  blobs: BlobStore;
  cpu: CpuPool;
  /** Tells the photo's viewers (INSPECTION_IMAGES_EVENT) that something changed in the inspection. */
  publish(inspectionId: number, projectId: number): void;
}

/**
 * The pyramids of photos: started when the viewer opens a photo (at most one job per photo, whatever the
 * number of viewers opening it at once), made in the CPU pool, counted in the team's storage, served tile by tile.
 */
export function createImagePyramids(deps: ImagePyramidDeps) {
  const { transaction, requireImage, quota, jobs, blobs, cpu, publish } = deps;
  const indexes = new Map<number, Promise<Buffer>>();

  function loadIndex(imageId: number, packKey: string, pyramid: PyramidRow): Promise<Buffer> {
    let index = indexes.get(imageId);
    if (!index) {
      const start = Number(pyramid.index_offset);
      const end = Number(pyramid.pack_bytes) - 1;
      index = (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of blobs.get(packKey, { start, end })) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      })();
      index.catch(() => indexes.delete(imageId));
      indexes.set(imageId, index);
      if (indexes.size > INDEX_CACHE_SIZE) indexes.delete(indexes.keys().next().value!);
    }
    return index;
  }

  return {
    async state(auth: AuthContext, imageId: number): Promise<InspectionImagePyramid> {
      const image = await requireImage(auth, imageId);
      const row = await transaction((db) => pyramidQueries(db).find(imageId));
      return toPyramid(imageId, image.inspection_id, row);
    },

    /** The viewer opens the photo: its pyramid is queued unless underway or ready, in the same transaction. */
    async open(auth: AuthContext, imageId: number): Promise<InspectionImagePyramid> {
      const image = await requireImage(auth, imageId);
      if (image.state !== 'processed') throw new AppError('INSPECTION_IMAGE_NOT_PROCESSED');
      const { started, row } = await transaction(async (db) => {
        const queries = pyramidQueries(db);
        const begun = await queries.start(imageId);
        if (begun)
          await jobs.enqueue(PYRAMID_JOB, { imageId }, { singletonKey: `pyramid-${imageId}`, transaction: db });
        return { started: begun !== undefined, row: await queries.find(imageId) };
      });
      if (started) jobs.wake(PYRAMID_JOB);
      return toPyramid(imageId, image.inspection_id, row);
    },

    /**
     * The job. Only a pyramid still `making` is made, and only one still `making` takes the result, so a run after
     * a restart or a duplicate delivery changes nothing twice; a photo deleted meanwhile leaves no pack behind.
     */
    async run(payload: { imageId: number }, context: JobContext): Promise<{ state: string }> {
      const { imageId } = payload;
      const [pyramid, owner] = await transaction(async (db) => {
        const queries = pyramidQueries(db);
        return [await queries.find(imageId), await queries.teamOf(imageId)] as const;
      });
      if (!pyramid || !owner || pyramid.state !== 'making') return { state: pyramid?.state ?? 'deleted' };
      const keys = {
        originalKey: imageBlobKeys(owner.storage_key).original,
        packKey: pyramidPackKey(owner.storage_key),
      };
      const fail = async (errorKey: ErrorKey) => {
        await blobs.delete(keys.packKey);
        await transaction((db) => pyramidQueries(db).fail(imageId, errorKey));
        publish(owner.inspection_id, owner.project_id);
        return { state: 'failed' };
      };
      let made;
      try {
        made = await cpu.run(makePyramidTask, keys, { signal: context.signal });
      } catch (error) {
        if (context.signal.aborted) throw error;
        context.log.error({ err: error, imageId }, 'photo pyramid failed');
        return fail('INSPECTION_IMAGE_DECODE_ERROR');
      }
      if (!made.ok) return fail(made.errorKey);
      try {
        await quota.reserve(owner.team_id, made.packBytes);
      } catch (error) {
        if (error instanceof AppError) return fail(error.key);
        throw error;
      }
      const done = await transaction(async (db) => {
        const queries = pyramidQueries(db);
        const completed = await queries.complete(imageId, made);
        if (completed) await queries.countBytes(imageId, made.packBytes);
        return completed !== undefined;
      });
      if (!done) {
        // The photo went (or its pyramid did) while the tiles were made: nothing may stay counted or stored.
        await quota.release(owner.team_id, made.packBytes);
        await blobs.delete(keys.packKey);
        return { state: 'deleted' };
      }
      publish(owner.inspection_id, owner.project_id);
      return { state: 'ready' };
    },

    /** One tile of a ready pyramid, for those who see the photo; a byte range of its pack. */
    async tile(
      auth: AuthContext,
      params: { inspectionId: number; imageId: number; level: number; tile: string },
    ): Promise<StoredFile> {
      const image = await requireImage(auth, params.imageId);
      if (image.inspection_id !== params.inspectionId) throw new AppError('notFound');
      const pyramid = await transaction((db) => pyramidQueries(db).find(params.imageId));
      const match = /^(\d+)_(\d+)\.jpeg$/.exec(params.tile);
      if (pyramid?.state !== 'ready' || !match) throw new AppError('notFound');
      const geometry: PyramidGeometry = {
        width: pyramid.width!,
        height: pyramid.height!,
        tileSize: pyramid.tile_size!,
        overlap: pyramid.overlap!,
      };
      const ordinal = tileOrdinal(geometry, params.level, Number(match[1]), Number(match[2]));
      if (ordinal === null) throw new AppError('notFound');
      const packKey = pyramidPackKey(image.storage_key);
      const index = await loadIndex(params.imageId, packKey, pyramid);
      const start = Number(index.readBigUInt64LE(ordinal * 8));
      const size = Number(index.readBigUInt64LE(ordinal * 8 + 8)) - start;
      return {
        info: {
          size,
          modifiedAt: pyramid.updated_at,
          etag: `"${params.imageId}-${pyramid.updated_at.getTime().toString(16)}-${ordinal}"`,
        },
        contentType: 'image/jpeg',
        open: (range) =>
          blobs.get(packKey, {
            start: start + (range?.start ?? 0),
            end: start + (range?.end ?? size - 1),
          }),
      };
    },
  };
}

export type ImagePyramids = ReturnType<typeof createImagePyramids>;
