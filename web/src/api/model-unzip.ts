import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MODEL_UNZIP_EVENT, modelUnzipEventSchema, type ModelUnzipEvent, type ProjectModel } from '@sightline/shared';
import { onAppEvent } from './events';
import { projectKeys } from './query-keys';

/**
 * Unzip progress pushed on the event stream ('modelUnzip' messages, SPEC section 4): the latest message per
 * project, kept while any screen listens. The server sends them to whoever uploaded the model; other members
 * see the state change through the cards' and the model's polling.
 */
export interface HeardUnzip {
  event: ModelUnzipEvent;
  /** When it arrived (ms): older than the cached model, it says nothing new. */
  at: number;
}

let latest = new Map<number, HeardUnzip>();
const subscribers = new Set<() => void>();
let stopListening: (() => void) | null = null;

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  stopListening ??= onAppEvent(MODEL_UNZIP_EVENT, (payload) => {
    const parsed = modelUnzipEventSchema.safeParse(payload);
    if (!parsed.success) return;
    latest = new Map(latest).set(parsed.data.projectId, { event: parsed.data, at: Date.now() });
    for (const subscriber of subscribers) subscriber();
  });
  return () => {
    subscribers.delete(notify);
    if (subscribers.size === 0) {
      stopListening?.();
      stopListening = null;
    }
  };
}

const snapshot = () => latest;

/** The latest unzip message of every project heard so far. */
export function useModelUnzipEvents(): ReadonlyMap<number, HeardUnzip> {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * The latest unzip message of one project, written into the cached model as it arrives; when the unzip ends
 * (done or failed) the model, the project and the cards are fetched again.
 */
export function useModelUnzip(projectId: number | null): ModelUnzipEvent | undefined {
  const events = useModelUnzipEvents();
  const heard = projectId === null ? undefined : events.get(projectId);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!heard || projectId === null) return;
    const { event, at } = heard;
    const cached = queryClient.getQueryState(projectKeys.model(projectId));
    if (cached && cached.dataUpdatedAt > at) return;
    queryClient.setQueryData<ProjectModel | null>(projectKeys.model(projectId), (model) =>
      model ? { ...model, state: event.state, progress: event.progress, errorKey: event.errorKey } : model,
    );
    if (event.state === 'done' || event.state === 'failed') {
      void queryClient.invalidateQueries({ queryKey: projectKeys.model(projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.pages() });
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    }
  }, [heard, projectId, queryClient]);
  return heard?.event;
}
