import { projectPaths } from '../../lib/project-paths';

/** Where the inspection screens live: the menu entry /inspection (SPEC section 2) and its detail below it. */
export const INSPECTION_BASE = '/inspection';

export const inspectionPaths = {
  list: (projectId: number | null) => (projectId ? projectPaths.inspections(projectId) : INSPECTION_BASE),
  detail: (id: number) => `${INSPECTION_BASE}/${id}`,
  /** The full-resolution photo viewer of one photo of an inspection. */
  photo: projectPaths.inspectionPhoto,
  /** The image editor of one photo, where defects are drawn (web/src/features/defect-editor). */
  editor: (inspectionId: number, imageId: number) => `${INSPECTION_BASE}/${inspectionId}/photo/${imageId}/edit`,
};

export type InspectionView =
  | { kind: 'list'; projectId: number | null }
  | { kind: 'detail'; id: number }
  | { kind: 'photo'; inspectionId: number; imageId: number }
  | { kind: 'editor'; inspectionId: number; imageId: number };

const positiveId = (value: string | null | undefined): number | null => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** What a path under /inspection shows; null for a path elsewhere (the page is kept alive while hidden). */
export function inspectionViewOf(pathname: string, search: string): InspectionView | null {
  if (pathname === INSPECTION_BASE || pathname === `${INSPECTION_BASE}/`) {
    return { kind: 'list', projectId: positiveId(new URLSearchParams(search).get('projectId')) };
  }
  const photo = /^\/inspection\/([^/]+)\/photo\/([^/]+)(\/edit)?\/?$/.exec(pathname);
  if (photo) {
    const inspectionId = positiveId(photo[1]);
    const imageId = positiveId(photo[2]);
    if (inspectionId === null) return { kind: 'list', projectId: null };
    if (imageId === null) return { kind: 'detail', id: inspectionId };
    return { kind: photo[3] ? 'editor' : 'photo', inspectionId, imageId };
  }
  const match = /^\/inspection\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const id = positiveId(match[1]);
  return id === null ? { kind: 'list', projectId: null } : { kind: 'detail', id };
}
