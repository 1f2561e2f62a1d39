import { threadId, type MessagePort } from 'node:worker_threads';
import { workerData } from 'piscina';
import type { Config } from '../config.js';
import { findCpuTask, serializeError, type SerializedError } from './cpu-task.js';

export interface ThreadRequest {
  name: string;
  input: unknown;
  /** Progress goes back on it; an 'abort' message comes in on it. */
  port: MessagePort;
}

export type ThreadResult<O> = { ok: true; output: O } | { ok: false; error: SerializedError };

/** What a task's port carries to the caller: first the thread it runs on (for a hard stop), then its progress. */
export type ThreadMessage<P> = { kind: 'started'; threadId: number } | { kind: 'progress'; value: P };

/** Runs one task in a worker thread; the entry module (`cpu-thread.ts`) exports it as piscina's handler. */
export async function runCpuTask({ name, input, port }: ThreadRequest): Promise<ThreadResult<unknown>> {
  const controller = new AbortController();
  port.on('message', (message) => {
    if (message === 'abort') controller.abort(new Error('CPU task aborted'));
  });
  port.postMessage({ kind: 'started', threadId } satisfies ThreadMessage<never>);
  try {
    const task = findCpuTask(name);
    if (!task) throw new Error(`CPU task ${name} is not loaded in the threads: import its module in cpu-thread.ts`);
    const output = await task.run(input, {
      signal: controller.signal,
      progress: (value) => port.postMessage({ kind: 'progress', value } satisfies ThreadMessage<unknown>),
      config: workerData as Config,
    });
    return { ok: true, output };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  } finally {
    port.close();
  }
}
