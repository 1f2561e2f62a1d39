import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError, type DefectLocationState, type DefectShapeInput } from '@sightline/shared';
import {
  type DefectSurface,
  type PixelIntrinsics,
  defectSize,
  ecefToWgs84,
  pixelIntrinsics,
  shapeCentre,
  uprightIntrinsics,
} from '@sightline/geo';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { Database } from '../../platform/db/schema.js';
import { inspectionImageViewQueries, storedCamera } from '../inspection/inspection-image-view.service.js';
import type { InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import type { ServedModel } from '../project-model/project-model.module.js';
import { modelGeometryTask, type GeometryPhoto } from '../spatial-marker/space-geometry.tasks.js';

type Photo = NonNullable<Awaited<ReturnType<InspectionImageRepo['findImage']>>>;
type Shape = { kind: DefectShapeInput['kind']; points: Array<[number, number]>; widthPx?: number | null | undefined };
/** A pose chosen for the photo instead of its newest one (calibration's high-precision pose), with its intrinsics. */
export interface ChosenPose {
  pose: GeometryPhoto['pose'];
  intrinsics: unknown;
}

/** A drawn shape measured on its photo and placed on the model. */
export interface DefectMeasure {
  length_m: number;
  width_mm: number | null;
  area_m2: number | null;
  size_basis: 'mesh' | 'distance';
  lon: number | null;
  lat: number | null;
  height: number | null;
  location_state: DefectLocationState;
}

export interface DefectMeasureDeps {
  db: Kysely<Database>;
  servedModel: (projectId: number) => Promise<ServedModel | null>;
  cpu: CpuPool;
  log: FastifyBaseLogger;
}

/**
 * Measures a defect drawn on a photo (packages/geo defect-size.ts) and places it on the model. The camera is the
 * photo's high-precision intrinsics when its newest pose has them, else its image group's camera at the photo's
 * size. With a served model and a posed photo every vertex and the shape's centre pixel are cast onto the mesh in
 * one question to the geometry thread: the vertices' ranges measure the shape when all of them meet the model, and
 * the centre's hit is the defect's place. Otherwise the shape lies on the plane facing the camera at the group's
 * shooting distance.
 */
export function createDefectMeasure(deps: DefectMeasureDeps) {
  const view = inspectionImageViewQueries(deps.db);

  async function cameraOf(photo: Photo, chosen: ChosenPose | undefined) {
    const [groups, intrinsicsRows] = await Promise.all([
      view.groups(photo.inspection_id),
      chosen ? [] : view.newestIntrinsics(photo.inspection_id),
    ]);
    const group = groups.find((candidate) => candidate.id === photo.image_group_id);
    if (!group) throw new AppError('IMAGE_PX_LENGTH_CALCULATION_ERROR');
    const { camera, size } = storedCamera(
      photo,
      group,
      chosen ? chosen.intrinsics : intrinsicsRows.find((row) => row.image_id === photo.id)?.intrinsics,
    );
    // Shapes are drawn on the photo as shown: its EXIF orientation turns the stored size and the camera.
    const orientation = typeof photo.metadata?.orientation === 'number' ? photo.metadata.orientation : null;
    return { camera, size, orientation, distanceM: group.photo_distance_m };
  }

  function poseOf(photo: Photo): GeometryPhoto['pose'] | null {
    const { longitude, latitude, altitude, yaw, pitch, roll } = photo;
    if (longitude === null || latitude === null || altitude === null) return null;
    if (yaw === null || pitch === null || roll === null) return null;
    return { longitude, latitude, altitude, yaw, pitch, roll };
  }

  /** Where each pixel's ray meets the model, or null per pixel; a model that cannot be read is PROJECT_MODEL_ERROR. */
  async function locate(model: ServedModel, photo: GeometryPhoto, pixels: Array<[number, number]>) {
    try {
      const answer = await deps.cpu.run(modelGeometryTask, { model, query: { kind: 'locate', photo, pixels } });
      if (answer.kind !== 'locate') throw new Error(`a locate question answered ${answer.kind}`);
      return answer.hits;
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.log.warn({ err: error, model: model.key }, 'the model geometry could not locate a defect');
      throw new AppError('PROJECT_MODEL_ERROR');
    }
  }

  /**
   * Measures shapes drawn on one photo: the camera, the pose and the served model are read once, and every shape's
   * vertices and centre go to the geometry thread in one question (an AI screening gives thousands a photo).
   */
  async function measureMany(photo: Photo, shapes: readonly Shape[], chosen?: ChosenPose): Promise<DefectMeasure[]> {
    if (shapes.length === 0) return [];
    const { camera, size, orientation, distanceM } = await cameraOf(photo, chosen);
    let intrinsics: PixelIntrinsics;
    try {
      intrinsics = uprightIntrinsics(pixelIntrinsics(camera, size), orientation);
    } catch {
      throw new AppError('IMAGE_PX_LENGTH_CALCULATION_ERROR');
    }
    const pose = chosen?.pose ?? poseOf(photo);
    const model = await deps.servedModel(photo.project_id);
    const asked = shapes.map((shape) => [...shape.points, shapeCentre(shape)]);
    const hits =
      pose && model ? await locate(model, { id: photo.id, pose, camera, size, orientation }, asked.flat()) : null;
    let offset = 0;
    return shapes.map((shape, index) => {
      const own = hits?.slice(offset, (offset += asked[index]!.length));
      const vertexHits = own?.slice(0, -1) ?? [];
      const onMesh = vertexHits.length > 0 && vertexHits.every((hit) => hit !== null);
      const surface: DefectSurface = onMesh
        ? { kind: 'ranges', rangesM: vertexHits.map((hit) => hit!.distanceM) }
        : { kind: 'plane', distanceM };
      let sizes;
      try {
        sizes = defectSize({ intrinsics, shape, surface, drawnWidthPx: shape.widthPx ?? null });
      } catch {
        throw new AppError('IMAGE_PX_LENGTH_CALCULATION_ERROR');
      }
      const centreHit = own?.at(-1) ?? null;
      const place = centreHit ? ecefToWgs84(centreHit.point) : null;
      return {
        length_m: sizes.lengthM,
        width_mm: sizes.widthMm,
        area_m2: sizes.areaM2,
        size_basis: onMesh ? 'mesh' : 'distance',
        lon: place?.lon ?? null,
        lat: place?.lat ?? null,
        height: place?.height ?? null,
        location_state: place ? 'located' : !model ? 'noModel' : !pose ? 'noPose' : 'missed',
      };
    });
  }

  async function measure(photo: Photo, shape: Shape, chosen?: ChosenPose): Promise<DefectMeasure> {
    const [measured] = await measureMany(photo, [shape], chosen);
    return measured!;
  }
  return Object.assign(measure, { many: measureMany });
}

export type MeasureDefect = ReturnType<typeof createDefectMeasure>;
