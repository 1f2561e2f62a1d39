import { EventEmitter } from 'node:events';

/** An event for one user's streams; `sessionId` narrows it to one session (a forced logout). */
export interface UserEvent {
  userId: number;
  sessionId?: number;
  name: string;
  value: unknown;
}

/**
 * Not a user (ids start at 1): events for every server process, such as a cache's notice that rows changed; no
 * event stream subscribes to it, so nothing published here reaches a browser.
 */
export const EVERY_PROCESS = 0;

export interface EventBus {
  publish(event: UserEvent): void;
  subscribe(userId: number, listener: (event: UserEvent) => void): () => void;
}

/**
 * The in-process bus for one server process. With several API processes the same interface
 * is carried over PostgreSQL LISTEN/NOTIFY (ARCHITECTURE.md section 3).
 */
export function createLocalEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit(`user:${event.userId}`, event);
    },
    subscribe(userId, listener) {
      emitter.on(`user:${userId}`, listener);
      return () => emitter.off(`user:${userId}`, listener);
    },
  };
}
