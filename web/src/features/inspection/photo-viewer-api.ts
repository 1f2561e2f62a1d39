import { inspectionImageCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** The viewer's data, under the inspection root so a team switch and photo changes refresh it. */
export const photoViewerKeys = {
  pose: (imageId: number) => [...inspectionKeys.all, 'photo', imageId, 'pose'] as const,
  sequence: (inspectionId: number) => [...inspectionKeys.all, 'images', inspectionId, 'sequence'] as const,
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

/** The largest page findPage answers. */
const SEQUENCE_PAGE_SIZE = 200;

/** The ids of the inspection's photos in upload order, for previous and next. */
export function usePhotoSequence(inspectionId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: photoViewerKeys.sequence(inspectionId),
    enabled: ready,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const ids: number[] = [];
      for (let pageNum = 1; ; pageNum += 1) {
        const page = await call(inspectionImageCalls.findPage, {
          body: { inspectionId, pageNum, pageSize: SEQUENCE_PAGE_SIZE },
          signal,
        });
        ids.push(...page.records.map((record) => record.id));
        if (pageNum * SEQUENCE_PAGE_SIZE >= page.total || page.records.length === 0) return ids;
      }
    },
  });
}
