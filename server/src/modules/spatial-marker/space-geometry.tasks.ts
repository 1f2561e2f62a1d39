/**
 * The model's geometry in a worker thread (platform/cpu): the served tileset read from the blob store into one mesh
 * with a BVH (packages/geo-mesh), kept per thread for the next question, and the three questions asked of it —
 * automatic binding, the photos that see a point, how far a photo's optical axis runs to the model, and where pixels
 * of a photo land on it (locating defects).
 */
import {
  type Ecef,
  type FrustumCamera,
  type PhotoCamera,
  photoCamera,
  pixelToRay,
  uprightCamera,
} from '@sightline/geo';
import {
  type MeshIndex,
  bindPhotosToMarkers,
  buildMeshIndex,
  opticalAxisDistance,
  photosSeeingPoint,
  readTilesetMesh,
} from '@sightline/geo-mesh';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';

/** A photo as the thread needs it: its pose (degrees, metres above the ellipsoid) and its camera at its size. */
export interface GeometryPhoto {
  id: number;
  pose: { longitude: number; latitude: number; altitude: number; yaw: number; pitch: number; roll: number };
  camera: FrustumCamera;
  /** As stored, before the EXIF orientation (the sensor's rows, which the camera and pose describe). */
  size: { width: number; height: number } | null;
  /** The photo's EXIF orientation: the pixels asked and answered count on the photo as shown, turned upright. */
  orientation: number | null;
}

export interface GeometryModel {
  /** Changes with every model version (the cache key). */
  key: string;
  tilesetKey: string;
}

export type GeometryQuery =
  | { kind: 'bind'; photos: GeometryPhoto[]; markers: Array<{ id: number; position: Ecef }>; distanceM: number }
  | { kind: 'seeing'; photos: GeometryPhoto[]; point: Ecef }
  | { kind: 'axis'; photo: GeometryPhoto }
  | { kind: 'locate'; photo: GeometryPhoto; pixels: ReadonlyArray<readonly [number, number]> };

export type GeometryAnswer =
  | {
      kind: 'bind';
      bindings: Array<{ photoId: number; markerId: number; distanceM: number }>;
      unboundCount: number;
    }
  | { kind: 'seeing'; photos: Array<{ photoId: number; u: number; v: number; distanceM: number }> }
  | { kind: 'axis'; distanceM: number | null }
  /** Per pixel, in order: where its ray first meets the model and how far along it, or null when it misses. */
  | { kind: 'locate'; hits: Array<{ point: Ecef; distanceM: number } | null> };

/** Models kept per thread: the one in use and the one before (two projects worked on at once). */
const CACHED_MODELS = 2;
const meshes = new Map<string, Promise<MeshIndex>>();
let threadStore: BlobStore | undefined;

function meshOf(model: GeometryModel, store: BlobStore): Promise<MeshIndex> {
  const cached = meshes.get(model.key);
  if (cached) {
    meshes.delete(model.key);
    meshes.set(model.key, cached);
    return cached;
  }
  const folder = model.tilesetKey.slice(0, model.tilesetKey.lastIndexOf('/') + 1);
  const loading = readTilesetMesh({
    tilesetUrl: model.tilesetKey.slice(folder.length),
    read: async (relative) => {
      const key = `${folder}${relative}`;
      return (await store.stat(key)) ? store.read(key) : null;
    },
  }).then(buildMeshIndex);
  // A failed read is not kept: the next question reads the model again.
  loading.catch(() => meshes.delete(model.key));
  meshes.set(model.key, loading);
  while (meshes.size > CACHED_MODELS) meshes.delete(meshes.keys().next().value!);
  return loading;
}

/** The photo's camera, or null when its camera gives no usable image rectangle (it is then left out). */
function cameraOf(photo: GeometryPhoto): PhotoCamera | null {
  try {
    return uprightCamera(photoCamera(photo.pose, photo.camera, photo.size), photo.orientation);
  } catch {
    return null;
  }
}

function camerasOf(photos: readonly GeometryPhoto[]): Array<{ id: number; camera: PhotoCamera }> {
  return photos.flatMap((photo) => {
    const camera = cameraOf(photo);
    return camera ? [{ id: photo.id, camera }] : [];
  });
}

export const modelGeometryTask = defineCpuTask(
  'spatial.model-geometry',
  async (input: { model: GeometryModel; query: GeometryQuery }, context): Promise<GeometryAnswer> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    const index = await meshOf(input.model, store);
    context.signal.throwIfAborted();
    const { query } = input;
    if (query.kind === 'axis') {
      const camera = cameraOf(query.photo);
      return { kind: 'axis', distanceM: camera ? opticalAxisDistance(camera, index) : null };
    }
    if (query.kind === 'locate') {
      const camera = cameraOf(query.photo);
      return {
        kind: 'locate',
        hits: query.pixels.map(([u, v]) => {
          const hit = camera ? index.firstHit(pixelToRay(camera, u, v)) : null;
          return hit ? { point: hit.point, distanceM: hit.distanceM } : null;
        }),
      };
    }
    if (query.kind === 'seeing') {
      const seen = photosSeeingPoint({ photos: camerasOf(query.photos), point: query.point, index });
      return {
        kind: 'seeing',
        photos: seen.map(({ photoId, u, v, distanceM }) => ({ photoId, u, v, distanceM })),
      };
    }
    const photos = camerasOf(query.photos);
    const result = bindPhotosToMarkers({ photos, markers: query.markers, index, distanceM: query.distanceM });
    return {
      kind: 'bind',
      bindings: result.bindings,
      unboundCount: query.photos.length - new Set(result.bindings.map((binding) => binding.photoId)).size,
    };
  },
);
