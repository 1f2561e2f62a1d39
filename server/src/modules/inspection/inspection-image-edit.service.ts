import {
  AppError,
  type InspectionImage,
  type InspectionImageInspectBody,
  type InspectionImagesUpdateBody,
  type InspectionImageUpdateBody,
  type InspectionImageUpdateImgBody,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { ImageEditRepo } from './inspection-image-edit.repo.js';
import type { InspectionImageRepo } from './inspection-image.repo.js';
import { toImage } from './inspection-image.service.js';

export interface ImageEditServiceDeps {
  repo: ImageEditRepo;
  /** Listed photos of live inspections with their project (the photo repo's own query). */
  findImages: InspectionImageRepo['findImages'];
  access: Pick<ProjectAccess, 'require'>;
  /** Deletes photos with their bytes and counted storage (the photo service's own delete). */
  remove(auth: AuthContext, ids: readonly number[]): Promise<unknown>;
  /** Tells everyone who sees the project that the inspection's photos changed. */
  publish(inspectionId: number, projectId: number): void;
}

/**
 * Changes to photos already in an inspection: screening status and favourite (screeners), name, category and image
 * group (uploaders). A batch is of one inspection and changes all its photos or none.
 */
export function createImageEditService(deps: ImageEditServiceDeps) {
  const { repo, access, publish } = deps;

  /** The photos, all of one inspection the caller may change; the inspection's id and project. */
  async function requireTargets(auth: AuthContext, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const rows = await deps.findImages(unique);
    if (rows.length !== unique.length) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
    const [first] = rows;
    if (!first || rows.some((row) => row.inspection_id !== first.inspection_id)) {
      throw new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'ids', key: 'invalidValue' }] } });
    }
    await access.require(auth, first.project_id, { change: true });
    return { ids: unique, inspectionId: first.inspection_id, projectId: first.project_id };
  }

  async function requireGroup(groupId: number | undefined, inspectionId: number): Promise<void> {
    if (groupId !== undefined && !(await repo.groupOfInspection(groupId, inspectionId))) {
      throw new AppError('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
    }
  }

  return {
    async update(auth: AuthContext, body: InspectionImageUpdateBody): Promise<InspectionImage> {
      const target = await requireTargets(auth, [body.id]);
      const [row] = await repo.update(target.ids, {
        ...(body.screeningStatus !== undefined ? { screening_status: body.screeningStatus } : {}),
        ...(body.favourite !== undefined ? { favourite: body.favourite } : {}),
      });
      publish(target.inspectionId, target.projectId);
      return toImage(row!);
    },

    async inspect(auth: AuthContext, body: InspectionImageInspectBody): Promise<{ changed: number }> {
      const target = await requireTargets(auth, body.ids);
      const rows = await repo.update(target.ids, { screening_status: body.screeningStatus });
      publish(target.inspectionId, target.projectId);
      return { changed: rows.length };
    },

    async updateImg(auth: AuthContext, body: InspectionImageUpdateImgBody): Promise<InspectionImage> {
      const target = await requireTargets(auth, [body.id]);
      await requireGroup(body.imageGroupId, target.inspectionId);
      if (body.name !== undefined && (await repo.nameTaken(target.inspectionId, body.name, body.id))) {
        throw new AppError('INSPECTION_IMAGE_NAME_EXISTING', { params: { name: body.name } });
      }
      const [row] = await repo.update(target.ids, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.category !== undefined ? { category: body.category } : {}),
        ...(body.imageGroupId !== undefined ? { image_group_id: body.imageGroupId } : {}),
      });
      publish(target.inspectionId, target.projectId);
      return toImage(row!);
    },

    async updateImages(auth: AuthContext, body: InspectionImagesUpdateBody): Promise<{ changed: number }> {
      const target = await requireTargets(auth, body.ids);
      await requireGroup(body.imageGroupId, target.inspectionId);
      const rows = await repo.update(target.ids, {
        ...(body.category !== undefined ? { category: body.category } : {}),
        ...(body.imageGroupId !== undefined ? { image_group_id: body.imageGroupId } : {}),
      });
      publish(target.inspectionId, target.projectId);
      return { changed: rows.length };
    },

    async removeByFile(auth: AuthContext, fileId: string): Promise<void> {
      const row = await repo.findIdByFile(fileId);
      if (!row) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      await deps.remove(auth, [row.id]);
    },
  };
}
