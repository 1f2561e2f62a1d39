import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** What users see of a job; the domain states of SPEC section 4 are built on these. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export interface JobContext {
  jobId: string;
  /** 1 on the first run, more when a run was interrupted (a crash, a shutdown) and retried. */
  attempt: number;
  /** Reports progress from 0 to 1; stored and published at a bounded rate. */
  progress(fraction: number, detail?: unknown): void;
  /** Aborted when the job is cancelled, the process shuts down, or another worker took the job over. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * A kind of long work, named `domain.verb`. Handlers must be idempotent: a run interrupted by a crash or
 * a shutdown runs again from the start. They throw `AppError(key)` to fail with a key users can read.
 */
export interface JobDefinition<P extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  /** Bumped when the payload's shape changes; a stored job of another version is failed, not misread. */
  version: number;
  payload: P;
  /** Jobs of this kind one process runs at once (default 1: the machine's cores are shared). */
  concurrency?: number;
  /**
   * Jobs each of those workers takes from the queue at once and runs side by side (default 1): for a kind with many
   * short jobs, one fetch and one acknowledgement for the lot instead of one each.
   */
  batchSize?: number;
  handler: (payload: z.output<P>, context: JobContext) => Promise<R>;
}

export function defineJob<P extends z.ZodType, R>(definition: JobDefinition<P, R>): JobDefinition<P, R> {
  return definition;
}

/** A change of a job's state or progress, as the process running (or cancelling) it saw it. */
export interface JobEvent {
  jobId: string;
  name: string;
  payload: unknown;
  state: JobState;
  progress: number;
  detail?: unknown;
  errorKey?: string;
}
