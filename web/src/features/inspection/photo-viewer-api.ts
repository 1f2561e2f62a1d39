import { inspectionImageCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** The viewer's data, under the inspection root so a team switch and photo changes refresh it. */
export const photoViewerKeys = {
  pose: (imageId: number) => [...inspectionKeys.all, 'photo', imageId, 'pose'] as const,
};

/** The photo's newest pose with its source (metadata, manual, high precision). */
export function usePhotoPoseSource(inspectionId: number, imageId: number, hasPose: boolean) {
  const ready = useInTeam();
  return useQuery({
    queryKey: photoViewerKeys.pose(imageId),
    enabled: ready && hasPose,
    queryFn: async ({ signal }) => {
      const result = await call(inspectionImageCalls.findPose, {
        body: { inspectionId, imageIds: [imageId], method: 'newest' },
        signal,
        quiet: true,
      });
      return result.records.find((record) => record.imageId === imageId) ?? null;
    },
  });
}
