import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { INSPECTION_IMAGES_EVENT, inspectionImageCalls, inspectionImagesEventSchema } from '@sightline/shared';
import { call } from './client';
import { onAppEvent } from './events';
import { inspectionKeys } from './query-keys';
import { useInTeam } from '../stores/session-store';

/** Photo events arrive once per photo during an upload: the 3D view refetches at most this often. */
const REFRESH_DELAY_MS = 1500;

export const photoViewKey = (inspectionId: number) => [...inspectionKeys.all, 'photo-view', inspectionId] as const;

/**
 * Every posed photo of an inspection for the 3D view (null: none chosen), fetched again when the inspection's
 * photos change (uploads, ingests, deletions and pose changes announce themselves with INSPECTION_IMAGES_EVENT).
 */
export function useInspectionPhotoView(inspectionId: number | null) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (inspectionId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onAppEvent(INSPECTION_IMAGES_EVENT, (payload) => {
      const parsed = inspectionImagesEventSchema.safeParse(payload);
      if (!parsed.success || parsed.data.inspectionId !== inspectionId) return;
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: photoViewKey(inspectionId) }),
        REFRESH_DELAY_MS,
      );
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [inspectionId, queryClient]);
  return useQuery({
    queryKey: photoViewKey(inspectionId ?? 0),
    enabled: ready,
    // The payload of thousands of photos is worth keeping while the user looks around.
    staleTime: 60_000,
    queryFn:
      inspectionId === null
        ? skipToken
        : ({ signal }) =>
            call(inspectionImageCalls.findInspectionAllImages, {
              params: { id: inspectionId },
              signal,
              quietKeys: ['INSPECTION_NOT_EXISTING'],
            }),
  });
}
