import { useEffect } from 'react';
import {
  INSPECTION_IMAGE_FILES_PATH,
  INSPECTION_IMAGES_EVENT,
  authCalls,
  inspectionImageCalls,
  type FileLink,
  type InspectionImagePyramid,
} from '@sightline/shared';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { fileLinkKeys, inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** The viewer's data, under the inspection root so a team switch and photo changes refresh it. */
export const photoViewerKeys = {
  detail: (imageId: number) => [...inspectionKeys.all, 'photo', imageId] as const,
  pyramid: (imageId: number) => [...inspectionKeys.all, 'photo', imageId, 'pyramid'] as const,
  pose: (imageId: number) => [...inspectionKeys.all, 'photo', imageId, 'pose'] as const,
  sequence: (inspectionId: number) => [...inspectionKeys.all, 'images', inspectionId, 'sequence'] as const,
};

/** One photo with its EXIF/XMP reading. */
export function usePhotoDetail(imageId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: photoViewerKeys.detail(imageId),
    enabled: ready,
    retry: false,
    queryFn: ({ signal }) =>
      call(inspectionImageCalls.get, {
        params: { id: imageId },
        signal,
        quietKeys: ['INSPECTION_IMAGE_NOT_EXISTING', 'NO_AUTH'],
      }),
  });
}

/** While a pyramid is being made, its state is asked again this often (besides the event when it is ready). */
const MAKING_POLL_MS = 3_000;

/**
 * The photo's tile pyramid: opening the viewer starts it (the server makes it once), then its state is followed
 * until it is ready or failed. `retry` starts it again after a failure.
 */
export function usePhotoPyramid(imageId: number, enabled: boolean) {
  const ready = useInTeam() && enabled;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: photoViewerKeys.pyramid(imageId),
    enabled: ready,
    retry: false,
    queryFn: ({ signal }) =>
      call(inspectionImageCalls.openPyramid, {
        params: { id: imageId },
        signal,
        quietKeys: ['INSPECTION_IMAGE_NOT_PROCESSED'],
      }),
    refetchInterval: (current) => (current.state.data?.state === 'making' ? MAKING_POLL_MS : false),
  });
  const retry = useMutation({
    mutationFn: () => call(inspectionImageCalls.openPyramid, { params: { id: imageId } }),
    onSuccess: (pyramid) => queryClient.setQueryData(photoViewerKeys.pyramid(imageId), pyramid),
  });
  return { ...query, retry };
}

/** The pyramid's readiness is pushed on the inspection's photo event: its state is asked again at once. */
export function usePyramidEvents(inspectionId: number, imageId: number, pyramid: InspectionImagePyramid | undefined) {
  const queryClient = useQueryClient();
  const making = pyramid?.state === 'making';
  useEffect(() => {
    if (!making) return undefined;
    return onAppEvent(INSPECTION_IMAGES_EVENT, (payload) => {
      if ((payload as { inspectionId?: unknown } | null)?.inspectionId !== inspectionId) return;
      void queryClient.invalidateQueries({ queryKey: photoViewerKeys.pyramid(imageId) });
    });
  }, [inspectionId, imageId, making, queryClient]);
}

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

/** Links last an hour at least; one is asked for again when half of that is gone. */
const LINK_RENEW_MS = 30 * 60_000;

/** A signed link to `folder` (null: none wanted yet), renewed while it is used. */
export function useFolderLink(folder: string | null): FileLink | undefined {
  const ready = useInTeam();
  const { data } = useQuery({
    queryKey: fileLinkKeys.folder(folder ?? ''),
    enabled: ready && folder !== null,
    staleTime: LINK_RENEW_MS,
    refetchInterval: LINK_RENEW_MS,
    queryFn:
      folder === null
        ? skipToken
        : ({ signal }) => call(authCalls.fileLink, { query: { folder }, signal, quiet: true }),
  });
  return data;
}

/** The folder of one photo's preview and original: its link opens this photo's files only. */
export const photoFilesFolder = (inspectionId: number, imageId: number) =>
  `${INSPECTION_IMAGE_FILES_PATH}${inspectionId}/${imageId}/`;
