import { useEffect, useState } from 'react';
import {
  SPACE_BINDING_EVENT,
  spaceBindingCalls,
  spaceBindingEventSchema,
  spatialMarkerCalls,
  type MarkerPosition,
  type SpaceBindingEvent,
  type SpatialMarkerBatchBody,
  type SpatialMarkerSaveBody,
} from '@sightline/shared';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { spatialMarkerKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** The marker tree of a project and the binding of its inspections' photos (SPEC section 7, "Spatial markers"). */

/** A change to the tree or to the bindings: the tree, and every count and list of bindings, are read again. */
function useMarkerWrite<T, R>(projectId: number, write: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spatialMarkerKeys.all(projectId) }),
  });
}

export function useSaveNode(projectId: number) {
  return useMarkerWrite(projectId, (body: SpatialMarkerSaveBody) =>
    // Taken names and numbers are shown on their fields.
    call(spatialMarkerCalls.save, { body, quietKeys: ['SPACE_MARKING_NAME_ERROR', 'SPACE_MARKING_CODE_ERROR'] }),
  );
}

export function useCreateBatch(projectId: number) {
  return useMarkerWrite(projectId, (body: SpatialMarkerBatchBody) => call(spatialMarkerCalls.createBatch, { body }));
}

export function useRemoveNodes(projectId: number) {
  return useMarkerWrite(projectId, (ids: number[]) =>
    call(spatialMarkerCalls.removeMany, { body: { projectId, ids }, quietKeys: ['GROUP_DOWN_IMAGE_ERROR'] }),
  );
}

export function useSortNodes(projectId: number) {
  return useMarkerWrite(projectId, ({ parentId, ids }: { parentId: number | null; ids: number[] }) =>
    call(spatialMarkerCalls.sort, { body: { projectId, parentId, ids } }),
  );
}

export function useMoveToBottom(projectId: number) {
  return useMarkerWrite(projectId, (id: number) => call(spatialMarkerCalls.moveToBottom, { body: { id } }));
}

/** Positions picked on the model, one marker or several in one call (batch position). */
export function usePlaceMarkers(projectId: number) {
  return useMarkerWrite(projectId, async (items: Array<{ id: number; position: MarkerPosition }>) => {
    const [only] = items;
    if (items.length === 1 && only) await call(spatialMarkerCalls.reselectPosition, { body: only });
    else await call(spatialMarkerCalls.placeMany, { body: { projectId, items } });
  });
}

// Binding

/**
 * One read of the bindings, under the project's binding keys (every change to them reads it again); `fetch` null
 * while what it needs is not chosen yet.
 */
function useBindingQuery<T>(
  projectId: number,
  key: readonly [string, ...(number | object)[]],
  fetch: ((signal: AbortSignal) => Promise<T>) | null,
  keepPrevious = false,
) {
  const ready = useInTeam();
  const [what, ...args] = key;
  return useQuery({
    queryKey: spatialMarkerKeys.binding(projectId, what, ...args),
    enabled: ready,
    ...(keepPrevious && { placeholderData: keepPreviousData }),
    queryFn: fetch === null ? skipToken : ({ signal }) => fetch(signal),
  });
}

/** How many of an inspection's photos are bound to markers and how many are not. */
export function useBindingCounts(projectId: number, inspectionId: number | null) {
  return useBindingQuery(
    projectId,
    ['counts', inspectionId ?? 0],
    inspectionId === null
      ? null
      : (signal) => call(spaceBindingCalls.bindingCounts, { query: { inspectionId }, signal }),
  );
}

export function useUnboundImages(projectId: number, inspectionId: number | null, pageNum: number, pageSize: number) {
  return useBindingQuery(
    projectId,
    ['unbound', inspectionId ?? 0, { pageNum, pageSize }],
    inspectionId === null
      ? null
      : (signal) => call(spaceBindingCalls.unboundImages, { body: { inspectionId, pageNum, pageSize }, signal }),
    true,
  );
}

/** The photos of one inspection bound to a marker. */
export function useMarkerImages(projectId: number, markerId: number | null, inspectionId: number | null) {
  return useBindingQuery(
    projectId,
    ['marker-images', markerId ?? 0, inspectionId ?? 0],
    markerId === null || inspectionId === null
      ? null
      : (signal) =>
          call(spaceBindingCalls.markerImages, { body: { markerId, inspectionId, pageNum: 1, pageSize: 200 }, signal }),
  );
}

/** A marker's bound photos in every inspection of the project, newest inspection first. */
export function useMarkerHistory(projectId: number, markerId: number | null) {
  return useBindingQuery(
    projectId,
    ['history', markerId ?? 0],
    markerId === null ? null : (signal) => call(spaceBindingCalls.markerHistory, { body: { markerId }, signal }),
  );
}

/** The distance of the inspection's last automatic binding (the form starts from it). */
export function useBindingDistance(projectId: number, inspectionId: number | null) {
  return useBindingQuery(
    projectId,
    ['distance', inspectionId ?? 0],
    inspectionId === null
      ? null
      : (signal) => call(spaceBindingCalls.bindingDistance, { params: { id: inspectionId }, signal }),
  );
}

export function useBindImages(projectId: number) {
  return useMarkerWrite(projectId, (body: { inspectionId: number; markerId: number; imageIds: number[] }) =>
    call(spaceBindingCalls.bind, { body: { mode: 'manual', ...body } }),
  );
}

/** Starts the automatic binding job; its progress comes on the event stream (`useBindingProgress`). */
export function useAutoBind(projectId: number) {
  return useMarkerWrite(projectId, (body: { inspectionId: number; distanceCm: number }) =>
    call(spaceBindingCalls.bind, { body: { mode: 'auto', ...body } }),
  );
}

export function useUnbindImages(projectId: number) {
  return useMarkerWrite(projectId, (ids: number[]) => call(spaceBindingCalls.unbindIds, { body: { ids } }));
}

export function useMoveImages(projectId: number) {
  return useMarkerWrite(
    projectId,
    (body: { inspectionId: number; imageIds: number[]; fromMarkerId: number; toMarkerId: number }) =>
      call(spaceBindingCalls.moveImages, { body }),
  );
}

/**
 * The latest progress of the inspection's automatic binding heard on the event stream; once it ends, the counts
 * and lists are read again.
 */
export function useBindingProgress(projectId: number, inspectionId: number | null): SpaceBindingEvent | null {
  const queryClient = useQueryClient();
  const [heard, setHeard] = useState<SpaceBindingEvent | null>(null);
  useEffect(() => {
    if (inspectionId === null) return;
    return onAppEvent(SPACE_BINDING_EVENT, (payload) => {
      const parsed = spaceBindingEventSchema.safeParse(payload);
      if (!parsed.success || parsed.data.inspectionId !== inspectionId) return;
      setHeard(parsed.data);
      if (parsed.data.state !== 'running') {
        void queryClient.invalidateQueries({ queryKey: spatialMarkerKeys.all(projectId) });
      }
    });
  }, [projectId, inspectionId, queryClient]);
  return heard?.inspectionId === inspectionId ? heard : null;
}
