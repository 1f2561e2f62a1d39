import { defectCalls, defectTypeCalls, inspectionImageEditCalls } from '@sightline/shared';
import type { CreateDefectBody, Defect, DefectShapeInput, UpdateDefectBody } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { inspectionKeys, projectConfigKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/**
 * The image editor's data: a photo's defects (also for other screens, e.g. the defect list's photo preview), the
 * project's defect types with their colours, and the changes the editor makes. Under the photo's key in the
 * inspection root, so a team switch refreshes them and a change refreshes the photo's own answer (defectCount).
 */
export const defectEditorKeys = {
  photo: (imageId: number) => [...inspectionKeys.all, 'photo', imageId] as const,
  defects: (imageId: number) => [...inspectionKeys.all, 'photo', imageId, 'defects'] as const,
  types: (projectId: number) => [...projectConfigKeys.types(projectId), 'all'] as const,
};

/** The defects drawn on one photo (`POST /inspection-disease/list/img`), oldest first. */
export function usePhotoDefects(imageId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: defectEditorKeys.defects(imageId),
    enabled: ready,
    queryFn: ({ signal }) => call(defectCalls.ofImage, { body: { imageId }, signal }),
  });
}

/** All the project's defect types (the colours of defects already drawn); `visibleOnAdd` says which the form offers. */
export function useProjectDefectTypes(projectId: number | undefined) {
  const ready = useInTeam();
  return useQuery({
    queryKey: defectEditorKeys.types(projectId ?? 0),
    enabled: ready && projectId !== undefined,
    queryFn: ({ signal }) => call(defectTypeCalls.list, { query: { projectId: projectId! }, signal }),
  });
}

/** Sizing errors come back to the form, which shows them beside the drawing. */
const MEASURE_ERRORS = ['IMAGE_PX_LENGTH_CALCULATION_ERROR'];

function usePhotoChanged(imageId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: defectEditorKeys.photo(imageId) });
}

export function useCreateDefect(imageId: number) {
  const queryClient = useQueryClient();
  const changed = usePhotoChanged(imageId);
  return useMutation({
    mutationFn: (body: CreateDefectBody) => call(defectCalls.create, { body, quietKeys: MEASURE_ERRORS }),
    onSuccess: (created) => {
      queryClient.setQueryData<Defect[]>(defectEditorKeys.defects(imageId), (list) => [...(list ?? []), created]);
      return changed();
    },
  });
}

/** A changed shape, measured again by the server; answers the defect as saved. */
export function useUpdateDefect(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDefectBody & { shape?: DefectShapeInput }) =>
      call(defectCalls.update, { body, quietKeys: MEASURE_ERRORS }),
    onSuccess: (saved) =>
      queryClient.setQueryData<Defect[]>(defectEditorKeys.defects(imageId), (list) =>
        (list ?? []).map((defect) => (defect.id === saved.id ? saved : defect)),
      ),
  });
}

export function useDeleteDefect(imageId: number) {
  const queryClient = useQueryClient();
  const changed = usePhotoChanged(imageId);
  return useMutation({
    mutationFn: (id: number) => call(defectCalls.remove, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Defect[]>(defectEditorKeys.defects(imageId), (list) =>
        (list ?? []).filter((defect) => defect.id !== id),
      );
      return changed();
    },
  });
}

/** SPEC section 4: a photo's screening status (0 not screened, 1 screened, 2 doubtful). */
export function useSetScreening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, screeningStatus }: { imageId: number; screeningStatus: 0 | 1 | 2 }) =>
      call(inspectionImageEditCalls.update, { body: { id: imageId, screeningStatus } }),
    // The photo's own answer and the inspection's photo lists show the status.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}
