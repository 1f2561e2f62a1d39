import type { imagesRecordAddBodySchema } from '@sightline/shared';
import {
  AppError,
  type ImageCategory,
  type ImagesRecord,
  type ImagesRecordDetail,
  type Page,
  type PageQuery,
} from '@sightline/shared';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { ImagesRecordCounts, ImagesRecordRepo, ImagesRecordRow } from './images-record.repo.js';
import type { InspectionRepo } from './inspection.repo.js';
import { inspectionGuard } from './inspection-guard.js';

export interface ImagesRecordServiceDeps {
  repo: ImagesRecordRepo;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  /** The image group, when it belongs to the inspection. */
  groupOfInspection(groupId: number, inspectionId: number): Promise<unknown>;
  access: Pick<ProjectAccess, 'require'>;
}

const NO_FILE_ARRIVED: ImagesRecordCounts = { arrived: 0, processed: 0, failed: 0 };

function toRecord(row: ImagesRecordRow, counts: ImagesRecordCounts): ImagesRecord {
  return {
    id: row.id,
    inspectionId: row.inspection_id,
    imageGroupId: row.image_group_id,
    imageGroupName: row.image_group_name,
    category: row.category as ImageCategory,
    createdBy: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
    createdAt: row.created_at.toISOString(),
    fileCount: row.file_count,
    totalBytes: Number(row.total_bytes),
    ...counts,
    missing: row.file_count - counts.arrived,
  };
}

/**
 * Upload records: the upload dialog records the files of a batch as it starts, and anyone who sees the inspection
 * can then tell which arrived, were processed, failed, or never arrived.
 */
export function createImagesRecordService(deps: ImagesRecordServiceDeps) {
  const { repo, inspections, access } = deps;

  const requireInspection = inspectionGuard(inspections, access);

  async function withCounts(rows: readonly ImagesRecordRow[]): Promise<ImagesRecord[]> {
    const counts = await repo.counts(rows.map((row) => row.id));
    return rows.map((row) => toRecord(row, counts.get(row.id) ?? NO_FILE_ARRIVED));
  }

  return {
    async add(auth: AuthContext, body: z.output<typeof imagesRecordAddBodySchema>): Promise<ImagesRecord> {
      await requireInspection(auth, body.inspectionId, { change: true });
      if (!(await deps.groupOfInspection(body.imageGroupId, body.inspectionId))) {
        throw new AppError('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
      }
      const id = await repo.insert({ ...body, createdBy: auth.userId });
      const row = await repo.find(id);
      if (!row) throw new AppError('INSPECTION_NOT_EXISTING');
      const [record] = await withCounts([row]);
      return record!;
    },

    async page(auth: AuthContext, filter: PageQuery & { inspectionId: number }): Promise<Page<ImagesRecord>> {
      await requireInspection(auth, filter.inspectionId);
      const { rows, total } = await repo.page(filter.inspectionId, filter);
      return { records: await withCounts(rows), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    async get(auth: AuthContext, id: number): Promise<ImagesRecordDetail> {
      const row = await repo.find(id);
      if (!row) throw new AppError('INSPECTION_UPLOAD_RECORD_NOT_EXISTING');
      await requireInspection(auth, row.inspection_id);
      const [[record], missing] = await Promise.all([withCounts([row]), repo.missingFiles(id)]);
      return {
        ...record!,
        missingFiles: missing.map((file) => ({ name: file.name, size: Number(file.size_bytes) })),
      };
    },
  };
}
