import type { z } from 'zod';
import {
  AppError,
  type InspectionImage,
  type Page,
  type PageQuery,
  type SpaceImage,
  type historySpaceImagesSchema,
  type moveImagesToMarkerBodySchema,
  type spaceImageBindBodySchema,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import { toImage } from '../inspection/inspection-image.service.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { SpaceGeometry } from './space-geometry.port.js';
import type { BindingRepo, BoundImageRow } from './space-binding.repo.js';
import type { SpatialMarkerService } from './spatial-marker.service.js';

type BindBody = z.output<typeof spaceImageBindBodySchema>;
type MoveBody = z.output<typeof moveImagesToMarkerBodySchema>;
type History = z.output<typeof historySpaceImagesSchema>;

export interface SpaceBindingServiceDeps {
  repo: BindingRepo;
  access: Pick<ProjectAccess, 'require'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  images: Pick<InspectionImageRepo, 'findImage'>;
  markers: Pick<SpatialMarkerService, 'requireNode' | 'markersWithImages'>;
  geometry: SpaceGeometry;
}

function toSpaceImage(row: BoundImageRow): SpaceImage {
  return {
    assocId: row.assoc_id,
    markerId: row.marker_id,
    source: row.source,
    distanceM: row.distance_m,
    image: toImage(row),
  };
}

function pageOf<T>(records: T[], total: number, page: PageQuery): Page<T> {
  return { records, total, pageNum: page.pageNum, pageSize: page.pageSize };
}

/** Bound photos grouped by inspection, in the order the rows come (newest inspection first). */
function byInspection(rows: Awaited<ReturnType<BindingRepo['history']>>): History {
  const groups = new Map<number, History[number]>();
  for (const row of rows) {
    let group = groups.get(row.inspection_id);
    if (!group) {
      group = {
        inspection: { id: row.inspection_id, name: row.inspection_name, inspectionDate: row.inspection_date },
        images: [],
      };
      groups.set(row.inspection_id, group);
    }
    group.images.push(toSpaceImage(row));
  }
  return [...groups.values()];
}

/**
 * Photos bound to spatial markers: by hand (photos and marker of one project), automatically (a job of the
 * geometry), the unbound photos, a marker's photos across inspections, and moves between markers. Bindings sit on
 * markers, not groups. Deleting a photo drops its bindings; a binned inspection keeps them, hidden, until it is
 * restored or purged.
 */
export function createSpaceBindingService(deps: SpaceBindingServiceDeps) {
  const { repo, access, markers } = deps;

  const requireInspection = inspectionGuard(deps.inspections, access);

  /** A marker and an inspection of one project the caller sees. */
  async function requireMarkerIn(auth: AuthContext, markerId: number, inspectionId: number, change = false) {
    const { inspection } = await requireInspection(auth, inspectionId, { change });
    const marker = await markers.requireNode(auth, markerId, { kind: 'marker', projectId: inspection.project_id });
    return { inspection, marker };
  }

  return {
    async markerImages(
      auth: AuthContext,
      body: PageQuery & { markerId: number; inspectionId: number },
    ): Promise<Page<SpaceImage>> {
      await requireMarkerIn(auth, body.markerId, body.inspectionId);
      const { rows, total } = await repo.markerImagesPage(body.markerId, body.inspectionId, body);
      return pageOf(rows.map(toSpaceImage), total, body);
    },

    async bind(auth: AuthContext, body: BindBody): Promise<{ bound: number | null; jobId: string | null }> {
      if (body.mode === 'auto') {
        const jobId = await deps.geometry.startAutoBinding(auth, body);
        return { bound: null, jobId };
      }
      await requireMarkerIn(auth, body.markerId, body.inspectionId, true);
      const imageIds = [...new Set(body.imageIds)];
      if ((await repo.imagesOfInspection(body.inspectionId, imageIds)).length !== imageIds.length) {
        throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      }
      const bound = await repo.bindManually({
        inspectionId: body.inspectionId,
        markerId: body.markerId,
        imageIds,
        userId: auth.userId,
      });
      return { bound, jobId: null };
    },

    async markersOfInspection(auth: AuthContext, inspectionId: number) {
      const { inspection } = await requireInspection(auth, inspectionId);
      return markers.markersWithImages(inspection.project_id, inspectionId);
    },

    async unboundImages(auth: AuthContext, body: PageQuery & { inspectionId: number }): Promise<Page<InspectionImage>> {
      await requireInspection(auth, body.inspectionId);
      const { rows, total } = await repo.unboundPage(body.inspectionId, body);
      return pageOf(rows.map(toImage), total, body);
    },

    async markerHistory(auth: AuthContext, markerId: number): Promise<History> {
      await markers.requireNode(auth, markerId, { kind: 'marker' });
      return byInspection(await repo.history([markerId]));
    },

    /** The photos of other inspections bound to the markers this photo is bound to. */
    async imageHistory(auth: AuthContext, imageId: number): Promise<History> {
      const image = await deps.images.findImage(imageId);
      if (!image) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      await access.require(auth, image.project_id);
      const markerIds = await repo.markerIdsOfImage(imageId);
      if (markerIds.length === 0) return [];
      return byInspection(await repo.history(markerIds, { exceptInspectionId: image.inspection_id }));
    },

    async unbindIds(auth: AuthContext, ids: readonly number[]): Promise<null> {
      const unique = [...new Set(ids)];
      const found = await repo.findAssocs(unique);
      if (found.length !== unique.length) throw new AppError('notFound');
      for (const inspectionId of new Set(found.map((row) => row.inspection_id))) {
        await requireInspection(auth, inspectionId, { change: true });
      }
      await repo.deleteAssocs(unique);
      return null;
    },

    async unbindAll(auth: AuthContext, body: { inspectionId: number; markerId?: number | undefined }): Promise<null> {
      if (body.markerId === undefined) await requireInspection(auth, body.inspectionId, { change: true });
      else await requireMarkerIn(auth, body.markerId, body.inspectionId, true);
      await repo.clear(body.inspectionId, body.markerId);
      return null;
    },

    async moveImages(auth: AuthContext, body: MoveBody): Promise<{ moved: number }> {
      const { inspection } = await requireMarkerIn(auth, body.fromMarkerId, body.inspectionId, true);
      await markers.requireNode(auth, body.toMarkerId, { kind: 'marker', projectId: inspection.project_id });
      if (body.fromMarkerId === body.toMarkerId) return { moved: 0 };
      const moved = await repo.transaction((q) =>
        q.move({
          inspectionId: body.inspectionId,
          imageIds: [...new Set(body.imageIds)],
          fromMarkerId: body.fromMarkerId,
          toMarkerId: body.toMarkerId,
          userId: auth.userId,
        }),
      );
      return { moved };
    },

    async collisionDistance(auth: AuthContext, imageId: number): Promise<{ distanceM: number | null }> {
      return { distanceM: await deps.geometry.collisionDistance(auth, imageId) };
    },

    async inspectionsOfMarker(auth: AuthContext, body: { projectId: number; markerId: number }) {
      await markers.requireNode(auth, body.markerId, { kind: 'marker', projectId: body.projectId });
      const rows = await repo.inspectionsOfMarker(body.projectId, body.markerId);
      return rows.map((row) => ({
        inspection: { id: row.id, name: row.name, inspectionDate: row.inspection_date },
        imageCount: row.n,
      }));
    },

    async bindingDistance(auth: AuthContext, inspectionId: number): Promise<{ distanceCm: number | null }> {
      await requireInspection(auth, inspectionId);
      return { distanceCm: await repo.bindingDistance(inspectionId) };
    },

    async bindingCounts(auth: AuthContext, inspectionId: number) {
      await requireInspection(auth, inspectionId);
      const { total, bound } = await repo.counts(inspectionId);
      return { total, bound, unbound: total - bound };
    },

    /** The photos of the inspection that see a point, with where it falls in each and how far it is. */
    async photosSeeingPoint(
      auth: AuthContext,
      body: { inspectionId: number; position: { lon: number; lat: number; height: number } },
    ) {
      const seen = await deps.geometry.photosSeeingPoint(auth, body);
      if (seen.length === 0) return [];
      const rows = new Map((await repo.imageRows(seen.map((photo) => photo.imageId))).map((row) => [row.id, row]));
      return seen.flatMap(({ imageId, u, v, distanceM }) => {
        const row = rows.get(imageId);
        return row ? [{ image: toImage(row), u, v, distanceM }] : [];
      });
    },
  };
}

export type SpaceBindingService = ReturnType<typeof createSpaceBindingService>;
