import { defectFieldCalls, spatialMarkerCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useInTeam, useSignedIn } from '../stores/session-store';
import { call } from './client';
import { projectConfigKeys, spatialMarkerKeys } from './query-keys';

/**
 * Parts of a project that several screens read: its defect fields (the configuration edits them, the image editor
 * fills them) and its spatial markers (the marker page edits them, a defect is bound to one).
 */
export function useDefectFields(projectId: number) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectConfigKeys.fields(projectId),
    queryFn: ({ signal }) => call(defectFieldCalls.list, { query: { projectId }, signal }),
    enabled: ready,
  });
}

/** Every group and marker of the project, as one flat list (the page nests it by `parentId`). */
export function useMarkerTree(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: spatialMarkerKeys.tree(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(spatialMarkerCalls.tree, { body: { projectId }, signal }),
  });
}
