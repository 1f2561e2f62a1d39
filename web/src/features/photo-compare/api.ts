import { spaceBindingCalls } from '@sightline/shared';
import { skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { photoDetailQuery } from '../../api/photo-files';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** The compared photos, each with its inspection and size, in the order chosen. */
export function useComparedPhotos(imageIds: readonly number[]) {
  const ready = useInTeam();
  return useQueries({ queries: imageIds.map((id) => ({ ...photoDetailQuery(id), enabled: ready })) });
}

/**
 * The photos of the same place in the project's inspections (bound to the same spatial markers as `imageId`), newest
 * inspection first: the candidates a comparison is chosen from, and the inspections' names.
 */
export function useImageHistory(imageId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: [...inspectionKeys.all, 'photo', imageId ?? 0, 'history'],
    enabled: ready,
    queryFn:
      imageId === null
        ? skipToken
        : ({ signal }) => call(spaceBindingCalls.imageHistory, { body: { imageId }, signal, quiet: true }),
  });
}
