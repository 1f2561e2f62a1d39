import { useQuery } from '@tanstack/react-query';
import type { ProjectDetail, ProjectModel } from '@sightline/shared';
import { useSignedIn } from '../stores/session-store';
import { request } from './client';
import { projectKeys } from './query-keys';

/** The project data several features show (the wizard, the configuration, the 3D view). */

export function useProjectDetail(id: number | null) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request<ProjectDetail>(`/project/${id}`, { signal }),
    enabled: ready && id !== null,
  });
}

/** The project's model; fetched again every few seconds while it is being unzipped or uploaded. */
export function useProjectModel(projectId: number | null) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.model(projectId ?? 0),
    queryFn: ({ signal }) => request<ProjectModel | null>(`/project-model/findByProjectId/${projectId}`, { signal }),
    enabled: ready && projectId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'unzipping' || state === 'uploading' ? 3_000 : false;
    },
  });
}
