import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './event-bus.js';

/**
 * Sends a job's state about a project to everyone who sees the project, one delivery after the other, each value
 * read when its turn comes: a later state never arrives before an earlier one. A failure is logged, never thrown
 * (the work goes on; the next delivery carries the state again).
 */
export function projectEventSender<T>(deps: {
  bus: EventBus;
  viewers: (projectId: number) => Promise<number[]>;
  log: FastifyBaseLogger;
  name: string;
}): (projectId: number, read: () => Promise<T>, logContext: Record<string, unknown>) => void {
  let deliveries = Promise.resolve();
  return (projectId, read, logContext) => {
    deliveries = deliveries.then(async () => {
      try {
        const value = await read();
        for (const userId of await deps.viewers(projectId)) deps.bus.publish({ userId, name: deps.name, value });
      } catch (error) {
        deps.log.warn({ err: error, ...logContext }, `${deps.name} event not sent`);
      }
    });
  };
}
