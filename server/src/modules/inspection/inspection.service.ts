import {
  AppError,
  IMAGE_CATEGORIES,
  type CameraParam,
  type CameraParamItem,
  type ImageGroup,
  type ImageGroupInput,
  type Inspection,
  type InspectionDetail,
  type InspectionInfo,
  type Page,
} from '@sightline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import { fieldError } from '../../platform/http/field-error.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { RecycleBinService } from '../recycle-bin/recycle-bin.service.js';
import { readCameraParamFile } from './camera-param-import.js';
import type { ImageGroupRow, InspectionQueries, InspectionRepo, InspectionRow } from './inspection.repo.js';
import { INSPECTION_KIND } from './inspection.recycle.js';
import { inspectionGuard } from './inspection-guard.js';

/** How many images an image group holds (uploads underway included), answered by the photos' repo. */
export type GroupImageCount = (groupId: number) => Promise<number>;
/** Listed photos per group and category of an inspection, for the image-group tree. */
export type GroupCategoryCounts = (
  inspectionId: number,
) => Promise<ReadonlyArray<{ image_group_id: number; category: string; n: string | number }>>;

export interface InspectionServiceDeps {
  repo: InspectionRepo;
  access: Pick<ProjectAccess, 'require'>;
  recycleBin: Pick<RecycleBinService, 'moveToBin'>;
  groupImageCount?: GroupImageCount;
  groupCategoryCounts?: GroupCategoryCounts;
  /**
   * Inside the edit's transaction when the previous inspection changes: what depends on it is undone (every
   * historical defect link of the inspection; the client confirmed, having counted them).
   */
  previousChanged?: (trx: Kysely<Database>, inspectionId: number) => Promise<number>;
  /** Refuses edits of an inspection being screened by the AI (INSPECTION_IN_AI_CAN_NOT_OPERA). */
  screeningLock?: (inspectionIds: Iterable<number>) => Promise<void>;
}

function toInspection(row: InspectionRow): Inspection {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    description: row.description,
    previousInspection:
      row.previous_inspection_id !== null && row.previous_name !== null
        ? { id: row.previous_inspection_id, name: row.previous_name }
        : null,
    inspectionDate: row.inspection_date,
    createdBy: row.created_by !== null ? { userId: row.created_by, name: row.created_by_name ?? '' } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    imageGroupCount: Number(row.group_count),
  };
}

function cameraOf(
  row: Pick<
    ImageGroupRow,
    'camera_model' | 'sensor_width_mm' | 'sensor_height_mm' | 'focal_length_mm' | 'image_width_px' | 'image_height_px'
  >,
): CameraParamItem {
  return {
    model: row.camera_model,
    sensorWidthMm: row.sensor_width_mm,
    sensorHeightMm: row.sensor_height_mm,
    focalLengthMm: row.focal_length_mm,
    imageWidthPx: row.image_width_px,
    imageHeightPx: row.image_height_px,
  };
}

function toGroup(row: ImageGroupRow): ImageGroup {
  return {
    id: row.id,
    inspectionId: row.inspection_id,
    name: row.name,
    photoDistance: row.photo_distance_m,
    camera: cameraOf(row),
    createdAt: row.created_at.toISOString(),
  };
}

function toCameraParam(row: Awaited<ReturnType<InspectionQueries['listCameraParams']>>[number]): CameraParam {
  return {
    id: row.id,
    model: row.model,
    sensorWidthMm: row.sensor_width_mm,
    sensorHeightMm: row.sensor_height_mm,
    focalLengthMm: row.focal_length_mm,
    imageWidthPx: row.image_width_px,
    imageHeightPx: row.image_height_px,
  };
}

/** The ids a chain of previous inspections passes through, starting at `start` (stops at a loop or the end). */
function chainFrom(start: number | null, links: ReadonlyMap<number, number | null>): Set<number> {
  const seen = new Set<number>();
  for (let id = start; id !== null && !seen.has(id); id = links.get(id) ?? null) seen.add(id);
  return seen;
}

export function createInspectionService({
  repo,
  access,
  recycleBin,
  groupImageCount = async () => 0,
  groupCategoryCounts = async () => [],
  previousChanged = async () => 0,
  screeningLock = async () => {},
}: InspectionServiceDeps) {
  const requireInspection = inspectionGuard(repo, access);

  /**
   * The previous inspection must be another live inspection of the same project, and following the chain of
   * previous inspections from it must not come back to the one edited.
   */
  async function checkPrevious(q: InspectionQueries, projectId: number, previousId: number | null, selfId?: number) {
    if (previousId === null) return;
    const links = new Map((await q.listLinks(projectId)).map((row) => [row.id, row.previous_inspection_id]));
    if (!links.has(previousId) || previousId === selfId) throw new AppError('INSPECTION_PREVIOUS_ERROR');
    if (selfId !== undefined && chainFrom(previousId, links).has(selfId))
      throw new AppError('INSPECTION_PREVIOUS_ERROR');
  }

  /** The camera copy a group takes from the caller team's list. */
  async function cameraColumns(q: InspectionQueries, auth: AuthContext, cameraParamId: number) {
    const camera = await q.findCameraParam(callerTeamId(auth), cameraParamId);
    if (!camera) throw new AppError('CAMERA_PARAM_NOT_EXISTING');
    return {
      camera_model: camera.model,
      sensor_width_mm: camera.sensor_width_mm,
      sensor_height_mm: camera.sensor_height_mm,
      focal_length_mm: camera.focal_length_mm,
      image_width_px: camera.image_width_px,
      image_height_px: camera.image_height_px,
    };
  }

  async function insertGroup(q: InspectionQueries, auth: AuthContext, inspectionId: number, input: ImageGroupInput) {
    if (await q.groupNameTaken(inspectionId, input.name)) {
      throw new AppError('INSPECTION_IMAGE_GROUP_NAME_EXISTING', { params: { name: input.name } });
    }
    return q.insertGroup({
      inspection_id: inspectionId,
      name: input.name,
      photo_distance_m: input.photoDistance,
      ...(await cameraColumns(q, auth, input.cameraParamId)),
    });
  }

  async function detail(id: number): Promise<InspectionDetail> {
    const row = await repo.findInspection(id);
    if (!row) throw new AppError('INSPECTION_NOT_EXISTING');
    return { ...toInspection(row), imageGroups: (await repo.listGroups(id)).map(toGroup) };
  }

  return {
    async create(
      auth: AuthContext,
      input: {
        projectId: number;
        name: string;
        description?: string | undefined;
        previousInspectionId?: number | null | undefined;
        inspectionDate: string;
        imageGroups: ImageGroupInput[];
      },
    ): Promise<InspectionDetail> {
      await access.require(auth, input.projectId, { change: true });
      const names = new Set<string>();
      input.imageGroups.forEach((group, index) => {
        if (names.has(group.name)) throw fieldError(`imageGroups.${index}.name`, 'duplicateName');
        names.add(group.name);
      });
      const id = await repo.transaction(async (q) => {
        const previousId = input.previousInspectionId ?? null;
        await checkPrevious(q, input.projectId, previousId);
        const inspectionId = await q.insertInspection({
          projectId: input.projectId,
          name: input.name,
          description: input.description ?? '',
          previousInspectionId: previousId,
          inspectionDate: input.inspectionDate,
          createdBy: auth.userId,
        });
        for (const group of input.imageGroups) await insertGroup(q, auth, inspectionId, group);
        return inspectionId;
      });
      return detail(id);
    },

    async update(
      auth: AuthContext,
      input: {
        id: number;
        name: string;
        description?: string | undefined;
        previousInspectionId?: number | null | undefined;
        inspectionDate: string;
      },
    ): Promise<InspectionDetail> {
      const { inspection: row } = await requireInspection(auth, input.id, { change: true });
      await screeningLock([input.id]);
      await repo.transaction(async (q, trx) => {
        await q.lockInspection(input.id);
        // Left out, the previous inspection stays; null clears it.
        const previousId =
          input.previousInspectionId === undefined ? row.previous_inspection_id : input.previousInspectionId;
        if (previousId !== row.previous_inspection_id) {
          await checkPrevious(q, row.project_id, previousId, input.id);
          await previousChanged(trx, input.id);
        }
        await q.updateInspection(input.id, {
          name: input.name,
          description: input.description ?? '',
          previousInspectionId: previousId,
          inspectionDate: input.inspectionDate,
        });
      });
      return detail(input.id);
    },

    async list(
      auth: AuthContext,
      query: { projectId: number; keyword?: string | undefined; pageNum: number; pageSize: number },
    ): Promise<Page<Inspection>> {
      await access.require(auth, query.projectId);
      const { rows, total } = await repo.pageInspections(query, query);
      return { records: rows.map(toInspection), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async get(auth: AuthContext, id: number): Promise<InspectionDetail> {
      await requireInspection(auth, id);
      return detail(id);
    },

    async info(auth: AuthContext, id: number): Promise<InspectionInfo> {
      const { inspection: row } = await requireInspection(auth, id);
      const project = await access.require(auth, row.project_id);
      return { ...(await detail(id)), projectName: project.name, aiStatus: 'NOT_EXISTING' };
    },

    /** Moves the inspection (with its groups) to the recycle bin, restorable and purgeable there. */
    async remove(auth: AuthContext, id: number): Promise<null> {
      await requireInspection(auth, id, { change: true });
      await recycleBin.moveToBin({ auth, kind: INSPECTION_KIND, entityId: id });
      return null;
    },

    /** Inspections that may be chosen as the previous one: the project's others, less those after `id`. */
    async previousCandidates(auth: AuthContext, query: { projectId: number; id?: number | undefined }) {
      await access.require(auth, query.projectId);
      const rows = await repo.listLinks(query.projectId);
      const links = new Map(rows.map((row) => [row.id, row.previous_inspection_id]));
      const selfId = query.id;
      return rows
        .filter((row) => selfId === undefined || !chainFrom(row.id, links).has(selfId))
        .map((row) => ({ id: row.id, name: row.name, inspectionDate: row.inspection_date }));
    },

    /**
     * Whether the inspection is in the recycle bin (itself, or with its project): the detail screen asks before
     * acting. An inspection the caller may not see, or one purged, answers INSPECTION_NOT_EXISTING.
     */
    async isRecycled(auth: AuthContext, id: number): Promise<{ recycled: boolean }> {
      const row = await repo.findAnyInspection(id);
      if (!row || row.team_id !== callerTeamId(auth)) throw new AppError('INSPECTION_NOT_EXISTING');
      if (row.project_deleted_at !== null) return { recycled: true };
      await access.require(auth, row.project_id);
      return { recycled: row.deleted_at !== null };
    },

    async addImageGroup(auth: AuthContext, input: ImageGroupInput & { inspectionId: number }): Promise<ImageGroup> {
      await requireInspection(auth, input.inspectionId, { change: true });
      const row = await repo.transaction(async (q) => {
        await q.lockInspection(input.inspectionId);
        return insertGroup(q, auth, input.inspectionId, input);
      });
      return toGroup(row);
    },

    async updateImageGroup(auth: AuthContext, id: number, input: ImageGroupInput): Promise<ImageGroup> {
      const group = await repo.findGroup(id);
      if (!group) throw new AppError('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
      await requireInspection(auth, group.inspection_id, { change: true });
      const row = await repo.transaction(async (q) => {
        await q.lockInspection(group.inspection_id);
        if (await q.groupNameTaken(group.inspection_id, input.name, id)) {
          throw new AppError('INSPECTION_IMAGE_GROUP_NAME_EXISTING', { params: { name: input.name } });
        }
        return q.updateGroup(id, {
          name: input.name,
          photo_distance_m: input.photoDistance,
          ...(await cameraColumns(q, auth, input.cameraParamId)),
        });
      });
      return toGroup(row);
    },

    async removeImageGroup(auth: AuthContext, id: number): Promise<null> {
      const group = await repo.findGroup(id);
      if (!group) throw new AppError('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
      await requireInspection(auth, group.inspection_id, { change: true });
      if ((await groupImageCount(id)) > 0) throw new AppError('INSPECTION_IMAGE_GROUP_HAS_IMAGES');
      await repo.deleteGroup(id);
      return null;
    },

    /** The inspection's groups, each with its image categories and their photo counts. */
    async imageGroupTree(auth: AuthContext, inspectionId: number) {
      await requireInspection(auth, inspectionId);
      const groups = await repo.listGroups(inspectionId);
      const counts = new Map(
        (await groupCategoryCounts(inspectionId)).map((row) => [
          `${row.image_group_id}/${row.category}`,
          Number(row.n),
        ]),
      );
      return groups.map((row) => ({
        ...toGroup(row),
        children: IMAGE_CATEGORIES.map((category) => ({
          category,
          imageCount: counts.get(`${row.id}/${category}`) ?? 0,
        })),
      }));
    },

    async cameraParams(auth: AuthContext): Promise<CameraParam[]> {
      return (await repo.listCameraParams(callerTeamId(auth))).map(toCameraParam);
    },

    /** Adds the file's cameras to the team's list; a model already listed takes the file's values. */
    async importCameraParams(auth: AuthContext, data: Buffer) {
      const teamId = callerTeamId(auth);
      const cameras = readCameraParamFile(data);
      return repo.transaction((q) => q.upsertCameraParams(teamId, cameras));
    },
  };
}

export type InspectionService = ReturnType<typeof createInspectionService>;
