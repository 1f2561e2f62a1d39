import type { UserEvent } from '../src/platform/events/event-bus.js';

/**
 * The value of the first event named `name`, among those recorded after the first `after`, that `found` accepts:
 * how a test waits for a job's state (calibration, historical matching) as the web would see it. Polls for up to two
 * minutes (a loaded machine runs jobs slowly), then fails naming what it waited for.
 */
export async function waitForEvent<T>(
  events: readonly UserEvent[],
  options: { name: string; after: number; found: (value: T) => boolean; what: string },
): Promise<T> {
  for (let tries = 0; tries < 1200; tries += 1) {
    const match = events
      .slice(options.after)
      .find((event) => event.name === options.name && options.found(event.value as T));
    if (match) return match.value as T;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${options.name} event: ${options.what}`);
}

/**
 * `read` again every 100 ms until `settled` accepts its value or two minutes pass; answers the last value read, for
 * the test to assert on: how a restart test waits for a job finished by another process, whose events it cannot hear.
 */
export async function pollUntil<T>(read: () => Promise<T>, settled: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let tries = 0; tries < 1200 && !settled(value); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
