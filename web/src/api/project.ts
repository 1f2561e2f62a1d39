import { projectModelCalls, projectCalls } from '@sightline/shared';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useSignedIn } from '../stores/session-store';
import { call } from './client';
import { projectKeys } from './query-keys';

/** The project data several features show (the wizard, the configuration, the 3D view). */

export function useProjectDetail(id: number | null) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.detail(id ?? 0),
    queryFn: id === null ? skipToken : ({ signal }) => call(projectCalls.detail, { params: { id }, signal }),
    enabled: ready,
  });
}

/** The project's model; fetched again every few seconds while it is being unzipped or uploaded. */
export function useProjectModel(projectId: number | null) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.model(projectId ?? 0),
    queryFn:
      projectId === null
        ? skipToken
        : ({ signal }) => call(projectModelCalls.find, { params: { id: projectId }, signal }),
    enabled: ready,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'unzipping' || state === 'uploading' ? 3_000 : false;
    },
  });
}
