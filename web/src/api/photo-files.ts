/**
 * A photo's full-resolution files for the photo viewers (the inspection's photo viewer, the comparison page): its
 * Deep Zoom pyramid, made by the server on first opening and followed until ready, and signed links to its folders.
 */
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
import { useInTeam } from '../stores/session-store';
import { call } from './client';
import { onAppEvent } from './events';
import { fileLinkKeys, inspectionKeys } from './query-keys';

/** Under the inspection root, so a team switch and photo changes refresh them. */
const detailKey = (imageId: number) => [...inspectionKeys.all, 'photo', imageId] as const;
const pyramidKey = (imageId: number) => [...inspectionKeys.all, 'photo', imageId, 'pyramid'] as const;

/** What the photo's call answers, without a toast, when the photo is gone or not the user's: its page says so. */
export const PHOTO_MISSING_KEYS: readonly string[] = ['INSPECTION_IMAGE_NOT_EXISTING', 'NO_AUTH'];

/** One photo with its EXIF/XMP reading, as query options (the comparison page asks for several at once). */
export const photoDetailQuery = (imageId: number) => ({
  queryKey: detailKey(imageId),
  retry: false,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(inspectionImageCalls.get, {
      params: { id: imageId },
      signal,
      quietKeys: PHOTO_MISSING_KEYS,
    }),
});

export function usePhotoDetail(imageId: number) {
  return useQuery({ ...photoDetailQuery(imageId), enabled: useInTeam() });
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
    queryKey: pyramidKey(imageId),
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
    onSuccess: (pyramid) => queryClient.setQueryData(pyramidKey(imageId), pyramid),
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
      void queryClient.invalidateQueries({ queryKey: pyramidKey(imageId) });
    });
  }, [inspectionId, imageId, making, queryClient]);
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

/** The largest page findPage answers. */
const SEQUENCE_PAGE_SIZE = 200;

/** The ids of the inspection's photos in upload order, for previous and next. */
export function usePhotoSequence(inspectionId: number) {
  const ready = useInTeam();
  return useQuery({
    // Under the inspection root, so a team switch and photo changes refresh it.
    queryKey: [...inspectionKeys.all, 'images', inspectionId, 'sequence'],
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
