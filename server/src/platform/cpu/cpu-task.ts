import { AppError, type ErrorKey, type ErrorParams } from '@sightline/shared';
import type { Config } from '../config.js';

/** What a CPU task sees inside its worker thread. */
export interface CpuTaskContext<P> {
  /** Aborted when the caller's signal aborts (a cancelled or interrupted job): stop and clean up. */
  signal: AbortSignal;
  /** Sends a progress value to the caller's `onProgress` (keep it small and infrequent: it crosses threads). */
  progress(value: P): void;
  /** The process's configuration, for tasks that open the same stores (files, database) the process uses. */
  config: Config;
}

/**
 * CPU-heavy work that runs in a worker thread (`CpuPool.run`), never on the API's event loop. Input and output
 * cross threads by structured clone: plain data only, no functions, class instances or open handles.
 */
export interface CpuTask<I, O, P = never> {
  readonly name: string;
  readonly run: (input: I, context: CpuTaskContext<P>) => Promise<O> | O;
}

const tasks = new Map<string, CpuTask<never, unknown, never>>();

/**
 * Defines a task under a unique `domain.verb` name. The module that defines it must be imported by
 * `server/src/cpu-thread.ts`, the threads' entry; callers import the same task object to run it.
 */
export function defineCpuTask<I, O, P = never>(
  name: string,
  run: (input: I, context: CpuTaskContext<P>) => Promise<O> | O,
): CpuTask<I, O, P> {
  if (tasks.has(name)) throw new Error(`CPU task ${name} is defined twice`);
  const task = { name, run };
  tasks.set(name, task as unknown as CpuTask<never, unknown, never>);
  return task;
}

export function findCpuTask(name: string): CpuTask<unknown, unknown, unknown> | undefined {
  return tasks.get(name) as CpuTask<unknown, unknown, unknown> | undefined;
}

/** An error as it crosses the thread boundary: AppErrors keep their key, others what logs and callers read. */
export type SerializedError =
  | { kind: 'app'; key: ErrorKey; params: ErrorParams | undefined; data: unknown }
  | { kind: 'other'; name: string; message: string; stack: string | undefined; code?: string; syscall?: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof AppError) return { kind: 'app', key: error.key, params: error.params, data: error.data };
  const failure = error instanceof Error ? error : new Error(String(error));
  const { code, syscall } = failure as NodeJS.ErrnoException;
  return {
    kind: 'other',
    name: failure.name,
    message: failure.message,
    stack: failure.stack,
    // Callers tell "the file is gone" (ENOENT) and file-system failures apart from bad input by these.
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof syscall === 'string' ? { syscall } : {}),
  };
}

export function deserializeError(error: SerializedError): Error {
  if (error.kind === 'app') return new AppError(error.key, { params: error.params, data: error.data });
  const restored = Object.assign(new Error(error.message), {
    name: error.name,
    ...(error.code !== undefined ? { code: error.code } : {}),
    ...(error.syscall !== undefined ? { syscall: error.syscall } : {}),
  });
  if (error.stack) restored.stack = error.stack;
  return restored;
}
