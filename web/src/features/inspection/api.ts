import { useEffect, useState } from 'react';
import {
  IMAGES_RECORD_FILES_MAX,
  INSPECTION_IMAGES_EVENT,
  INSPECTION_IMAGE_FILES_PATH,
  authCalls,
  defectHistoryCalls,
  imagesRecordCalls,
  inspectionCalls,
  inspectionImageCalls,
  inspectionImagesEventSchema,
} from '@sightline/shared';
import type {
  FileLink,
  ImageCategory,
  ImageGroupCreateBody,
  InspectionCreateBody,
  InspectionImageFindPageBody,
  InspectionImagesEvent,
  InspectionUpdateBody,
  ImageGroupInput,
} from '@sightline/shared';
import {
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, isApiError } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { fileLinkKeys, inspectionKeys, recycleKeys, teamKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** Inspections of a project, their image groups and the team's cameras (SPEC section 7, "Inspections and images"). */

export function useImageGroupTree(id: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.groupTree(id ?? 0),
    enabled: ready,
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) => call(inspectionCalls.imageGroupTree, { query: { inspectionId: id }, signal }),
  });
}

/** Earlier inspections of the project that the edited one (or a new one, id null) may compare with. */
export function usePreviousCandidates(projectId: number, id: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.previousCandidates(projectId, id),
    enabled: ready,
    queryFn: ({ signal }) =>
      call(inspectionCalls.previousCandidates, {
        query: id === null ? { projectId } : { projectId, id },
        signal,
      }),
  });
}

export function useCameraParams() {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.cameras(),
    enabled: ready,
    queryFn: ({ signal }) => call(inspectionCalls.cameraParams, { signal }),
  });
}

function useInvalidateInspections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
}

/** A name already taken answers on the field, not as a toast. */
const GROUP_FORM_KEYS = ['INSPECTION_IMAGE_GROUP_NAME_EXISTING'] as const;

export function useCreateInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: InspectionCreateBody) => call(inspectionCalls.create, { body, quietKeys: [...GROUP_FORM_KEYS] }),
    onSuccess: invalidate,
  });
}

export function useUpdateInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: InspectionUpdateBody) => call(inspectionCalls.update, { body }),
    onSuccess: invalidate,
  });
}

/**
 * How many historical defect links a change of the inspection's previous inspection would drop (SPEC section 4: the
 * edit is confirmed first when there are any). A team without the historical defect package has none to drop.
 */
export async function historyLinkCount(inspectionId: number): Promise<number> {
  const count = await call(defectHistoryCalls.count, {
    body: { inspectionId },
    quietKeys: ['TEAM_FUNCTION_INACTIVE'],
  }).catch((error: unknown) => {
    if (isApiError(error) && error.key === 'TEAM_FUNCTION_INACTIVE') return null;
    throw error;
  });
  return count?.links ?? 0;
}

/** Deleting moves the inspection to the recycle bin, whose list changes too. */
export function useDeleteInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(inspectionCalls.remove, { query: { id } }),
    onSuccess: () =>
      Promise.all([inspectionKeys.all, recycleKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useSaveImageGroup() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (input: { id: number | null; body: ImageGroupCreateBody }) => {
      if (input.id === null) {
        return call(inspectionCalls.addImageGroup, { body: input.body, quietKeys: [...GROUP_FORM_KEYS] });
      }
      const { name, cameraParamId, photoDistance }: ImageGroupInput = input.body;
      return call(inspectionCalls.updateImageGroup, {
        params: { id: input.id },
        body: { name, cameraParamId, photoDistance },
        quietKeys: [...GROUP_FORM_KEYS],
      });
    },
    onSuccess: invalidate,
  });
}

/** A group with photos is refused by the server (INSPECTION_IMAGE_GROUP_HAS_IMAGES), shown as its toast. */
export function useDeleteImageGroup() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (id: number) => call(inspectionCalls.removeImageGroup, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Imports a CSV or JSON camera file; a bad file answers VALIDATION_ERROR with `rows.<n>.<column>` issues. */
export function useImportCameraParams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(inspectionCalls.importCameraParams, { form, quietKeys: ['VALIDATION_ERROR'] });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.cameras() }),
  });
}

/** An inspection's photos, under the inspection root so a team switch and photo changes refresh them. */
export const inspectionImageKeys = {
  all: (inspectionId: number) => [...inspectionKeys.all, 'images', inspectionId] as const,
  grid: (inspectionId: number, filters: object) => [...inspectionImageKeys.all(inspectionId), 'grid', filters] as const,
  withoutPose: (inspectionId: number, query: object) =>
    [...inspectionImageKeys.all(inspectionId), 'without-pose', query] as const,
  /** Under the photos' key: a record's counts change as its photos arrive and are processed. */
  records: (inspectionId: number, query: object) =>
    [...inspectionImageKeys.all(inspectionId), 'records', query] as const,
  record: (inspectionId: number, id: number) => [...inspectionImageKeys.all(inspectionId), 'record', id] as const,
};

/** The grid's filters: the findPage body without the page and the inspection. */
export type PhotoFilters = Omit<InspectionImageFindPageBody, 'pageNum' | 'pageSize' | 'inspectionId'>;

/** Photos per page of the grid: a few screens of thumbnails per request. */
export const PHOTO_PAGE_SIZE = 120;

/** The photo grid: pages of findPage fetched as the user scrolls. */
export function useInspectionImages(inspectionId: number, filters: PhotoFilters) {
  const ready = useInTeam();
  return useInfiniteQuery({
    queryKey: inspectionImageKeys.grid(inspectionId, filters),
    enabled: ready,
    initialPageParam: 1,
    placeholderData: keepPreviousData,
    queryFn: ({ pageParam, signal }) =>
      call(inspectionImageCalls.findPage, {
        body: { ...filters, inspectionId, pageNum: pageParam, pageSize: PHOTO_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

/** "Images without pose" and failed photos, each with its reason (SPEC section 2). */
export function useImagesWithoutPose(
  inspectionId: number,
  query: { pageNum: number; pageSize: number; imageGroupId?: number | undefined },
) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionImageKeys.withoutPose(inspectionId, query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(inspectionImageCalls.withoutPosePage, { body: { ...query, inspectionId }, signal }),
  });
}

/** The inspection's upload records, newest first, each with how many of its files arrived. */
export function useUploadRecords(inspectionId: number, query: { pageNum: number; pageSize: number }) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionImageKeys.records(inspectionId, query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(imagesRecordCalls.page, { body: { ...query, inspectionId }, signal }),
  });
}

/**
 * Records a batch's files on the server as it starts (in records of at most IMAGES_RECORD_FILES_MAX files). The upload
 * does not wait for it and goes on without it: a failed record only leaves the batch out of the upload records.
 */
export async function recordUploadBatch(
  inspectionId: number,
  target: { imageGroupId: number; category: ImageCategory },
  files: ReadonlyArray<{ name: string; size: number }>,
): Promise<void> {
  for (let start = 0; start < files.length; start += IMAGES_RECORD_FILES_MAX) {
    const body = {
      inspectionId,
      ...target,
      files: files.slice(start, start + IMAGES_RECORD_FILES_MAX).map(({ name, size }) => ({ name, size })),
    };
    await call(imagesRecordCalls.add, { body, quiet: true }).catch(() => undefined);
  }
}

/** One upload record with its files not in the inspection (fetched when the user asks for them). */
export function useUploadRecord(inspectionId: number, id: number | null) {
  return useQuery({
    queryKey: inspectionImageKeys.record(inspectionId, id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => call(imagesRecordCalls.get, { params: { id: id ?? 0 }, signal }),
  });
}

/** Deletes photos, all or none; their bytes leave the team's storage. */
export function useDeleteImages(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(inspectionImageCalls.removeBatch, { body: { ids } }),
    onSuccess: () =>
      Promise.all(
        [inspectionImageKeys.all(inspectionId), inspectionKeys.groupTree(inspectionId), teamKeys.details()].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** Links last an hour at least; one is asked for again when half of that is gone. */
const LINK_RENEW_MS = 30 * 60_000;

/**
 * The signed link to one inspection's photo files: a thumbnail `<img>` sends no header, and one link (the
 * inspection's folder) serves every tile of the grid.
 */
export function useInspectionImageLink(inspectionId: number): FileLink | undefined {
  const ready = useInTeam();
  const folder = `${INSPECTION_IMAGE_FILES_PATH}${inspectionId}/`;
  const { data } = useQuery({
    queryKey: fileLinkKeys.folder(folder),
    enabled: ready,
    staleTime: LINK_RENEW_MS,
    refetchInterval: LINK_RENEW_MS,
    queryFn: ({ signal }) => call(authCalls.fileLink, { query: { folder }, signal, quiet: true }),
  });
  return data;
}

/** How often pushed progress refreshes the photos at most: a folder of photos sends one message per photo. */
const LIVE_REFRESH_MS = 2_000;

/**
 * The inspection's upload and processing counts pushed on the event stream: the latest one is answered, and the
 * photos, the groups' counts and "images without pose" are fetched again (at most every two seconds).
 */
export function useInspectionImagesLive(inspectionId: number): InspectionImagesEvent | null {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<InspectionImagesEvent | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = onAppEvent(INSPECTION_IMAGES_EVENT, (payload) => {
      const parsed = inspectionImagesEventSchema.safeParse(payload);
      if (!parsed.success || parsed.data.inspectionId !== inspectionId) return;
      setLatest(parsed.data);
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: inspectionImageKeys.all(inspectionId) });
        void queryClient.invalidateQueries({ queryKey: inspectionKeys.groupTree(inspectionId) });
      }, LIVE_REFRESH_MS);
    });
    return () => {
      off();
      if (timer !== null) clearTimeout(timer);
    };
  }, [inspectionId, queryClient]);
  return latest;
}
