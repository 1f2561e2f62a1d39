import type { AppEvent } from './sse-parser';

/** Listeners of server events by type (`forceOffline`, job progress, notices); `*` hears them all. */
type Listener = (payload: unknown, event: AppEvent) => void;

const listeners = new Map<string, Set<Listener>>();

export function onAppEvent(type: string, listener: Listener): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export function dispatchAppEvent(event: AppEvent): void {
  for (const type of [event.type, '*']) {
    for (const listener of listeners.get(type) ?? []) {
      try {
        listener(event.payload, event);
      } catch (error) {
        console.error('event listener failed', event.type, error);
      }
    }
  }
}
