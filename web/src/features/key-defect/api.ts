import { defectTypeCalls, keyDefectCalls, type CreateKeyDefectBody, type UpdateKeyDefectBody } from '@sightline/shared';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** Key defects drawn on the model (SPEC section 7). Under the inspection root, so a team switch reads them again. */
export const keyDefectKeys = {
  all: [...inspectionKeys.all, 'key-defects'] as const,
  ofInspection: (inspectionId: number) => [...keyDefectKeys.all, 'inspection', inspectionId] as const,
  history: (id: number, pageNum: number) => [...keyDefectKeys.all, 'history', id, pageNum] as const,
};

/** The inspection's key defects (the list and the 3D view), with the folder of their screenshots. */
export function useKeyDefects(inspectionId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: keyDefectKeys.ofInspection(inspectionId ?? 0),
    enabled: ready,
    queryFn:
      inspectionId === null
        ? skipToken
        : ({ signal }) => call(keyDefectCalls.coordinates, { body: { inspectionId }, signal }),
  });
}

export function useKeyDefectHistory(id: number | null, pageNum: number) {
  return useQuery({
    queryKey: keyDefectKeys.history(id ?? 0, pageNum),
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) => call(keyDefectCalls.history, { body: { id, pageNum, pageSize: 10 }, signal }),
  });
}

/** The screenshot first (a PNG), then the key defect naming it. */
async function uploadScreenshot(inspectionId: number, png: Blob) {
  const form = new FormData();
  form.append('file', png, 'screenshot.png');
  return (await call(keyDefectCalls.uploadScreenshot, { query: { inspectionId }, form })).screenshot;
}

export function useSaveKeyDefect(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      id: number | null;
      body: Omit<CreateKeyDefectBody, 'screenshot' | 'inspectionId'> & Partial<UpdateKeyDefectBody>;
      png: Blob | null;
    }) => {
      const screenshot = input.png ? await uploadScreenshot(inspectionId, input.png) : undefined;
      if (input.id === null) {
        return call(keyDefectCalls.create, {
          body: { ...input.body, inspectionId, screenshot: screenshot! } as CreateKeyDefectBody,
          quietKeys: ['KEY_DEFECT_SCREEN_RANGE_SMALL'],
        });
      }
      return call(keyDefectCalls.update, {
        body: { ...input.body, id: input.id, ...(screenshot ? { screenshot } : {}) } as UpdateKeyDefectBody,
        quietKeys: ['KEY_DEFECT_SCREEN_RANGE_SMALL'],
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyDefectKeys.ofInspection(inspectionId) }),
  });
}

export function useRemoveKeyDefects(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(keyDefectCalls.removeMany, { body: { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keyDefectKeys.ofInspection(inspectionId) }),
  });
}

/** The project's defect types a key defect may take. */
export function useKeyDefectTypes(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: [...keyDefectKeys.all, 'types', projectId] as const,
    enabled: ready,
    queryFn: ({ signal }) => call(defectTypeCalls.list, { query: { projectId }, signal }),
  });
}
