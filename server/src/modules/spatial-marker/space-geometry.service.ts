import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AppError,
  SPACE_BINDING_EVENT,
  type ErrorKey,
  type MarkerPosition,
  type SpaceBindingEvent,
} from '@sightline/shared';
import { wgs84, wgs84ToEcef } from '@sightline/geo';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import { inspectionImageViewQueries, storedCamera } from '../inspection/inspection-image-view.service.js';
import type { InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { ServedModel } from '../project-model/project-model.module.js';
import type { AutoBindingStore, SpaceGeometry } from './space-geometry.port.js';
import {
  modelGeometryTask,
  type GeometryModel,
  type GeometryPhoto,
  type GeometryQuery,
} from './space-geometry.tasks.js';

/** The durable automatic binding of an inspection's photos. */
export const AUTO_BINDING_JOB = 'spatial.auto-bind';

export interface AutoBindingPayload {
  inspectionId: number;
  distanceCm: number;
}

export interface SpaceGeometryDeps {
  db: Kysely<Database>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  images: Pick<InspectionImageRepo, 'findImage'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  servedModel: (projectId: number) => Promise<ServedModel | null>;
  store: AutoBindingStore;
  cpu: CpuPool;
  jobs: JobQueue;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/**
 * The model's geometry behind the markers: automatic binding (a durable job that replaces the inspection's automatic
 * bindings), the photos of an inspection that see a point, and how far a photo's optical axis runs to the model. The
 * mesh is read and indexed in the CPU pool (space-geometry.tasks.ts), which keeps it for the next question.
 */
export function createSpaceGeometry(deps: SpaceGeometryDeps): SpaceGeometry & {
  runAutoBinding(payload: AutoBindingPayload, context: JobContext): Promise<void>;
} {
  const { inspections, access, store, cpu, bus } = deps;
  const view = inspectionImageViewQueries(deps.db);

  const requireInspection = inspectionGuard(inspections, access);

  async function requireModel(projectId: number): Promise<GeometryModel> {
    const model = await deps.servedModel(projectId);
    if (!model) throw new AppError('PROJECT_MODEL_NOT_UPLOADED');
    return model;
  }

  /**
   * The inspection's photos with a pose and their cameras: the intrinsics of a high-precision pose when the newest
   * pose has them, else the image group's camera (its image size for a photo whose own size is unknown).
   */
  async function geometryPhotos(inspectionId: number): Promise<GeometryPhoto[]> {
    const [groups, rows, intrinsicsRows, turnedRows] = await Promise.all([
      view.groups(inspectionId),
      view.posedPhotos(inspectionId),
      view.newestIntrinsics(inspectionId),
      view.turnedPhotos(inspectionId),
    ]);
    const turned = new Map(turnedRows.map((row) => [row.id, row.orientation]));
    const groupOf = new Map(groups.map((group) => [group.id, group]));
    const intrinsics = new Map(intrinsicsRows.map((row) => [row.image_id, row.intrinsics]));
    return rows.flatMap((row) => {
      const group = groupOf.get(row.image_group_id);
      if (!group) return [];
      const { camera, size } = storedCamera(row, group, intrinsics.get(row.id));
      return [
        {
          id: row.id,
          pose: {
            longitude: row.longitude!,
            latitude: row.latitude!,
            altitude: row.altitude!,
            yaw: row.yaw!,
            pitch: row.pitch!,
            roll: row.roll!,
          },
          camera,
          size,
          orientation: turned.get(row.id) ?? null,
        },
      ];
    });
  }

  const toEcef = (position: MarkerPosition) => wgs84ToEcef(wgs84(position.lon, position.lat, position.height));

  /**
   * Asks the model's geometry. The task fails on its own only when the served tileset cannot be read into a mesh
   * (no triangles, a tile it cannot decode): users hear PROJECT_MODEL_ERROR, the log keeps why.
   */
  async function ask(model: GeometryModel, query: GeometryQuery, signal?: AbortSignal) {
    try {
      return await cpu.run(modelGeometryTask, { model, query }, signal ? { signal } : {});
    } catch (error) {
      if (error instanceof AppError || signal?.aborted) throw error;
      deps.log.warn({ err: error, model: model.key }, 'the model geometry could not be read');
      throw new AppError('PROJECT_MODEL_ERROR');
    }
  }

  async function publish(projectId: number, event: SpaceBindingEvent): Promise<void> {
    for (const userId of await access.viewers(projectId))
      bus.publish({ userId, name: SPACE_BINDING_EVENT, value: event });
  }

  return {
    async startAutoBinding(auth, input) {
      const { inspection } = await requireInspection(auth, input.inspectionId, { change: true });
      await requireModel(inspection.project_id);
      return deps.jobs.enqueue(AUTO_BINDING_JOB, input satisfies AutoBindingPayload, {
        singletonKey: String(input.inspectionId),
      });
    },

    async runAutoBinding({ inspectionId, distanceCm }, context) {
      const inspection = await inspections.findInspection(inspectionId);
      // An inspection deleted meanwhile has nothing left to bind.
      if (!inspection) return;
      const projectId = inspection.project_id;
      const event = { inspectionId, processed: 0, total: 0, bound: 0, unbound: 0, errorKey: null };
      try {
        const model = await requireModel(projectId);
        const [photos, markers] = await Promise.all([
          geometryPhotos(inspectionId),
          store.markersWithPosition(projectId),
        ]);
        event.total = photos.length;
        await publish(projectId, { ...event, state: 'running' });
        const answer =
          photos.length > 0 && markers.length > 0
            ? await ask(
                model,
                {
                  kind: 'bind',
                  photos,
                  markers: markers.map((marker) => ({ id: marker.id, position: toEcef(marker.position) })),
                  distanceM: distanceCm / 100,
                },
                context.signal,
              )
            : { kind: 'bind' as const, bindings: [], unboundCount: photos.length };
        if (answer.kind !== 'bind') throw new Error(`a bind question answered ${answer.kind}`);
        await store.replaceAutoBindings(
          inspectionId,
          distanceCm,
          answer.bindings.map(({ photoId, markerId, distanceM }) => ({ imageId: photoId, markerId, distanceM })),
        );
        context.progress(1);
        await publish(projectId, {
          ...event,
          state: 'done',
          processed: photos.length,
          bound: photos.length - answer.unboundCount,
          unbound: answer.unboundCount,
        });
      } catch (error) {
        const errorKey: ErrorKey = error instanceof AppError ? error.key : 'serviceError';
        await publish(projectId, { ...event, state: 'failed', errorKey });
        throw error;
      }
    },

    async photosSeeingPoint(auth, input) {
      const { inspection } = await requireInspection(auth, input.inspectionId);
      const model = await requireModel(inspection.project_id);
      const photos = await geometryPhotos(input.inspectionId);
      if (photos.length === 0) return [];
      const answer = await ask(model, { kind: 'seeing', photos, point: toEcef(input.position) });
      return answer.kind === 'seeing'
        ? answer.photos.map(({ photoId, ...rest }) => ({ imageId: photoId, ...rest }))
        : [];
    },

    async collisionDistance(auth, imageId) {
      const image = await deps.images.findImage(imageId);
      if (!image) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      await access.require(auth, image.project_id);
      const model = await requireModel(image.project_id);
      const photo = (await geometryPhotos(image.inspection_id)).find((candidate) => candidate.id === imageId);
      if (!photo) return null;
      const answer = await ask(model, { kind: 'axis', photo });
      return answer.kind === 'axis' ? answer.distanceM : null;
    },
  };
}

export type SpaceGeometryService = ReturnType<typeof createSpaceGeometry>;
