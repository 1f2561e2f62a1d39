import { projectModelCalls } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CameraView, ModelClip, ProjectModel } from '@sightline/shared';
import { call } from '../../api/client';
import { projectKeys } from '../../api/query-keys';
import { useSignedIn } from '../../stores/session-store';

/** The 3D view's calls: default view (model position), clipping, and restoring the initial position. */

function useModelWrite<T>(projectId: number, call: (value: T) => Promise<ProjectModel>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (model) => {
      queryClient.setQueryData(projectKeys.model(projectId), model);
      void queryClient.invalidateQueries({ queryKey: projectKeys.modelChanged(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}

/** Saves the camera as the model's position, which is the project's default view. */
export function useSaveDefaultView(projectId: number) {
  return useModelWrite(projectId, (position: CameraView) =>
    call(projectModelCalls.updatePosition, { body: { projectId, position } }),
  );
}

export function useSaveClip(projectId: number) {
  return useModelWrite(projectId, (clip: ModelClip | null) =>
    call(projectModelCalls.updateClip, { body: { projectId, clip } }),
  );
}

/** Back to the parameter and position recorded when the model was uploaded. */
export function useRestoreModel(projectId: number) {
  return useModelWrite(projectId, () => call(projectModelCalls.restore, { params: { id: projectId } }));
}

/** Whether the model's position differs from what was recorded at upload (only once a model is served). */
export function useModelChanged(projectId: number, enabled: boolean) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.modelChanged(projectId),
    queryFn: ({ signal }) => call(projectModelCalls.isChanged, { params: { id: projectId }, signal }),
    enabled: ready && enabled,
  });
}
