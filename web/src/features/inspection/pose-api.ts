import { useEffect } from 'react';
import {
  INSPECTION_IMAGES_EVENT,
  inspectionImageCalls,
  type ImagePoseMethod,
  type PoseAdjustBody,
  type PoseRestoreBody,
} from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** Photo poses (SPEC sections 2 and 4): the newest or default pose of photos, adjusting and restoring them. */

export const poseKeys = {
  all: (inspectionId: number) => [...inspectionKeys.all, 'poses', inspectionId] as const,
  find: (inspectionId: number, imageIds: readonly number[], method: ImagePoseMethod, historyOf: number | null) =>
    [...poseKeys.all(inspectionId), method, [...imageIds], historyOf] as const,
};

/** Refused adjustments the form shows beside its fields rather than as a toast. */
export const POSE_FORM_KEYS = [
  'INSPECTION_IMAGE_POSE_MISSING',
  'INSPECTION_IMAGE_POSE_OUT_OF_RANGE',
  'INSPECTION_IMAGE_POSE_NOT_READY',
  'VALIDATION_ERROR',
] as const;

export function useImagePoses(
  inspectionId: number,
  imageIds: readonly number[],
  method: ImagePoseMethod,
  historyOf: number | null = null,
) {
  const ready = useInTeam();
  return useQuery({
    queryKey: poseKeys.find(inspectionId, imageIds, method, historyOf),
    enabled: ready && imageIds.length > 0,
    retry: false,
    queryFn: ({ signal }) =>
      call(inspectionImageCalls.findPose, {
        body: { inspectionId, imageIds: [...imageIds], method, ...(historyOf === null ? {} : { historyOf }) },
        signal,
      }),
  });
}

/** Another screen (or user) changing the inspection's photos refreshes the poses shown. */
export function usePoseRefreshOnEvents(inspectionId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppEvent(INSPECTION_IMAGES_EVENT, (payload) => {
        const event = payload as { inspectionId?: unknown } | null;
        if (event?.inspectionId === inspectionId) {
          void queryClient.invalidateQueries({ queryKey: poseKeys.all(inspectionId) });
        }
      }),
    [inspectionId, queryClient],
  );
}

/** Photos' poses and lists (the grid, "images without pose") change with a pose. */
function useInvalidatePhotos() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
}

export function useAdjustPose() {
  const invalidate = useInvalidatePhotos();
  return useMutation({
    mutationFn: (body: PoseAdjustBody) => call(inspectionImageCalls.addPose, { body, quietKeys: [...POSE_FORM_KEYS] }),
    onSuccess: invalidate,
  });
}

export function useRestorePose() {
  const invalidate = useInvalidatePhotos();
  return useMutation({
    mutationFn: (body: PoseRestoreBody) =>
      call(inspectionImageCalls.restorePose, { body, quietKeys: [...POSE_FORM_KEYS] }),
    onSuccess: invalidate,
  });
}
