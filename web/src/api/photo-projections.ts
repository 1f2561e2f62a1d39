import { useEffect, useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { type InspectionImage, type InspectionPhotoView, spaceBindingCalls } from '@sightline/shared';
import { type ViewerApi, type ViewerProjection, toViewerProjection } from '../viewer';
import { useInTeam } from '../stores/session-store';
import { call } from './client';
import { fetchFileLink, withFileLink } from './file-links';
import { photoFilesFolder } from './photo-files';
import { inspectionKeys } from './query-keys';

export interface ProjectedPhoto {
  image: InspectionImage;
  /** The photo's inspection as the 3D view draws it: the photo's pose and camera. */
  view: InspectionPhotoView;
}

export type ProjectionState = 'none' | 'loading' | 'drawn';

/**
 * Projects `photos` onto the model in `api` (the 3D view's projection, the 3D comparison): each one's preview on its
 * frustum where its optical axis meets the model, at the distance the server measures against the model's mesh.
 * Says which photos could not be projected (their axis misses the model, or they have no preview or camera).
 */
export function usePhotoProjections(api: ViewerApi, photos: readonly ProjectedPhoto[]) {
  const ready = useInTeam();
  const distances = useQueries({
    queries: photos.map(({ image }) => ({
      queryKey: [...inspectionKeys.all, 'photo', image.id, 'collision'],
      enabled: ready,
      staleTime: 60_000,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(spaceBindingCalls.collisionDistance, { query: { imageId: image.id }, signal }),
    })),
  });
  // The distances as one value (null for a miss), so a refetch with equal answers draws nothing again.
  const distanceKey = distances.every((query) => !query.isPending)
    ? distances.map((query) => query.data?.distanceM ?? '').join()
    : null;
  const wanted = useMemo(() => {
    if (distanceKey === null) return null;
    const values = distanceKey.split(',');
    return photos.map(({ image, view }, index) => {
      const value = values[index] ?? '';
      return { image, view, distanceM: value === '' ? null : Number(value) };
    });
  }, [distanceKey, photos]);
  const [drawn, setDrawn] = useState<{ of: unknown; failed: number[] } | null>(null);

  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void (async () => {
      const projections: ViewerProjection[] = [];
      const failed: number[] = [];
      for (const { image, view, distanceM } of wanted) {
        const projection =
          distanceM !== null && image.previewUrl
            ? toViewerProjection(
                view,
                image.id,
                distanceM,
                withFileLink(image.previewUrl, await fetchFileLink(photoFilesFolder(image.inspectionId, image.id))),
              )
            : null;
        if (projection) projections.push(projection);
        else failed.push(image.id);
      }
      if (!current) return;
      await api.showProjections(projections);
      if (current) setDrawn({ of: wanted, failed });
    })();
    return () => {
      current = false;
    };
  }, [api, wanted]);

  // Leaving takes the projections off the view.
  useEffect(() => () => void api.showProjections([]), [api]);

  const state: ProjectionState =
    photos.length === 0 ? 'none' : wanted !== null && drawn?.of === wanted ? 'drawn' : 'loading';
  return { state, failed: state === 'drawn' ? (drawn?.failed ?? []) : [] };
}
