import { useEffect } from 'react';
import { AI_TRAINING_SET_EVENT, aiModelCalls } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { teamKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';
import { aiKeys } from './api';

/**
 * Learned models of the team and training sets of an inspection (issue 14). Models are the team's: under the team's
 * keys, so a team switch reads them again; training sets are the inspection's, under its AI keys.
 */
const modelKeys = {
  all: [...teamKeys.all, 'ai-models'] as const,
  choice: (projectId: number) => [...modelKeys.all, 'choice', projectId] as const,
};
const trainingSetKeys = (inspectionId: number) => [...aiKeys.ofInspection(inspectionId), 'training-sets'] as const;

/** The inspection's training-set exports, read again whenever the event stream says one moved. */
export function useTrainingSets(inspectionId: number) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppEvent(AI_TRAINING_SET_EVENT, (payload) => {
        if ((payload as { inspectionId?: number }).inspectionId === inspectionId)
          void queryClient.invalidateQueries({ queryKey: trainingSetKeys(inspectionId) });
      }),
    [inspectionId, queryClient],
  );
  return useQuery({
    queryKey: trainingSetKeys(inspectionId),
    enabled: ready,
    queryFn: ({ signal }) => call(aiModelCalls.trainingSets, { query: { inspectionId }, signal }),
    // The event stream may be down: a set being written is polled as well.
    refetchInterval: (query) => (query.state.data?.some((set) => set.state === 'generating') ? 3_000 : false),
  });
}

export function useExportTrainingSet(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(aiModelCalls.exportTrainingSet, { params: { inspectionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingSetKeys(inspectionId) }),
  });
}

/** The team's models; one being evaluated is polled until its figures are in. */
export function useModels() {
  const ready = useInTeam();
  return useQuery({
    queryKey: modelKeys.all,
    enabled: ready,
    queryFn: ({ signal }) => call(aiModelCalls.list, { signal }),
    refetchInterval: (query) => (query.state.data?.some((model) => model.state === 'checking') ? 3_000 : false),
  });
}

export function useModelChoice(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: modelKeys.choice(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(aiModelCalls.choice, { query: { projectId }, signal }),
  });
}

/** Upload, choose and delete: each changes the list's chosen marks, so the models and choices are read again. */
export function useModelActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: modelKeys.all });
  return {
    upload: useMutation({
      mutationFn: ({ model, sidecar, name }: { model: File; sidecar: File; name: string }) => {
        const form = new FormData();
        form.append('file', model, model.name);
        form.append('sidecar', sidecar, sidecar.name);
        return call(aiModelCalls.upload, { query: name ? { name } : {}, form });
      },
      onSuccess,
    }),
    choose: useMutation({
      mutationFn: (body: { projectId?: number; modelId: number | null }) => call(aiModelCalls.choose, { body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(aiModelCalls.remove, { params: { id } }),
      onSuccess,
    }),
  };
}
