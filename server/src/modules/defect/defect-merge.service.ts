import { AppError, type Defect, type ErrorKey } from '@sightline/shared';
import { mergeDefects, type MergeError } from '@sightline/geo';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { NearestComponent } from './defect-binding.js';
import type { MeasureDefect } from './defect-measure.js';
import { defectGuard, presentDefect } from './defect.service.js';
import type { DefectRepo } from './defect.repo.js';

export interface DefectMergeDeps {
  repo: Pick<DefectRepo, 'findDefects' | 'findDefect' | 'replace'>;
  access: Pick<ProjectAccess, 'require'>;
  images: Pick<InspectionImageRepo, 'findImage'>;
  measure: MeasureDefect;
  bindComponent: NearestComponent;
}

/** SPEC section 8's merge errors, one key for each reason a merge is refused. */
const MERGE_ERRORS: Readonly<Record<MergeError, ErrorKey>> = {
  tooFew: 'DISEASE_MERGE_COUNT_ERROR',
  differentPhotos: 'DISEASE_MERGE_IMAGE_ERROR',
  differentTypes: 'DISEASE_MERGE_TYPE_ERROR',
  differentKinds: 'DISEASE_MERGE_SHAPE_ERROR',
  noIntersection: 'DISEASE_MERGE_NO_INTERSECTION',
};

/**
 * Merging defects of one photo into one (SPEC sections 4 and 8; the shapes' rule is packages/geo defect-merge.ts).
 * The merged defect is new (the inspection's next number), measured and placed from its merged shape; the old ones
 * are deleted in the same transaction. It takes the first chosen defect's description and custom fields, the most
 * severe level, a star if any had one, the component they all share (else the nearest within the binding range),
 * and no typed sizes (its shape is new).
 */
export function createDefectMergeService(deps: DefectMergeDeps) {
  const requireDefects = defectGuard(deps.repo, deps.access);

  return async function merge(auth: AuthContext, ids: readonly number[]): Promise<Defect> {
    const chosen = [...new Set(ids)];
    if (chosen.length < 2) throw new AppError('DISEASE_MERGE_COUNT_ERROR');
    const byId = new Map((await requireDefects(auth, chosen, true)).map((row) => [row.id, row]));
    const rows = chosen.map((id) => byId.get(id)!);
    const merged = mergeDefects(
      rows.map((row) => ({
        id: row.id,
        imageId: row.image_id,
        typeId: row.type_id,
        shape: { kind: row.shape_kind, points: row.points, widthPx: row.width_px },
      })),
    );
    if (!merged.ok) throw new AppError(MERGE_ERRORS[merged.error]);
    const first = rows[0]!;
    const photo = await deps.images.findImage(first.image_id);
    if (!photo) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
    const measured = await deps.measure(photo, merged.shape);
    const components = new Set(rows.map((row) => row.marker_id));
    const shared = components.size === 1 ? first.marker_id : null;
    const markerId =
      shared ??
      (await deps.bindComponent({ projectId: photo.project_id, inspectionId: photo.inspection_id, ...measured }));
    const id = await deps.repo.replace(
      { projectId: photo.project_id, inspectionId: photo.inspection_id, imageId: photo.id, userId: auth.userId },
      {
        ...measured,
        shape_kind: merged.shape.kind,
        points: merged.shape.points,
        width_px: merged.shape.widthPx,
        type_id: first.type_id,
        level: Math.max(...rows.map((row) => row.level)),
        edited_length_m: null,
        edited_width_mm: null,
        edited_area_m2: null,
        marker_id: markerId,
        description: first.description,
        fields: first.fields,
        star: rows.some((row) => row.star),
      },
      'manual',
      chosen,
    );
    const row = await deps.repo.findDefect(id);
    if (!row) throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
    return presentDefect(row);
  };
}
