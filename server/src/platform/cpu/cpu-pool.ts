import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Config } from '../config.js';
import { deserializeError, type CpuTask } from './cpu-task.js';
import type { ThreadMessage, ThreadRequest, ThreadResult } from './cpu-thread-runner.js';

export interface CpuRunOptions<P> {
  /**
   * Aborts the task: it is asked to stop (and clean up), and its thread is ended if it does not within the grace
   * period (a task sharing that thread fails with it).
   */
  signal?: AbortSignal;
  onProgress?: (value: P) => void;
}

export interface CpuPoolOptions {
  /** The threads' entry module (`server/src/cpu-thread.ts`, bundled as `dist/cpu-thread.js`). */
  entry: URL;
  config: Config;
  /**
   * Default: the config's CPU_THREADS, else one less than the machine's cores (at least one) in a process that serves
   * the API, so that its event loop keeps a core, and every core in a worker process, which answers no call.
   */
  maxThreads?: number;
}

/** How long an aborted task may take to clean up before its thread is ended. */
const ABORT_GRACE_MS = 2_000;

/**
 * When the process runs from TypeScript sources (tsx, vitest), the threads must load TypeScript too; the built
 * server's entry is JavaScript and needs nothing.
 */
function threadExecArgv(entry: URL): string[] {
  if (!entry.pathname.endsWith('.ts')) return [];
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(tsx).href];
}

/**
 * Worker threads for CPU-heavy work (unzip today; photo metadata, thumbnails, AI and reports next), so that
 * the event loop that answers the API stays free whatever a job does. Tasks are defined with `defineCpuTask`.
 */
export function createCpuPool(options: CpuPoolOptions) {
  const cores = os.availableParallelism();
  const threads =
    options.maxThreads ??
    options.config.CPU_THREADS ??
    (options.config.SIGHTLINE_ROLE === 'worker' ? cores : Math.max(1, cores - 1));
  const piscina = new Piscina({
    filename: options.entry.href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    // Tasks mostly wait on native work in libuv's thread pool (sharp, zlib): two at a time per thread keep the
    // machine's cores busy without a JS heap per core.
    concurrentTasksPerWorker: 2,
    // Tasks keep their data in Buffers and native memory (sharp, inflate), not in the thread's JS heap: a small
    // young generation keeps each thread's share of the process's memory small. Not smaller than 8 MiB: at 4, the
    // short-lived objects of a task that awaits many native calls (the Excel export's ten thousand sharp encodes)
    // outlived two scavenges, filled the old generation and cost a full mark of the thread's heap every photo or
    // two (98 mark-compacts and 2 s of V8's helper threads for 20,000 thumbnails; 5 and 0.1 s at 8 MiB). 16 MiB:
    // the photo ingest's task costs 5 % less CPU than at 8 (82 against 86 ms a 20 MP photo), as little as with
    // V8's default (docs/benchmarks.md, photo ingest).
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
    execArgv: threadExecArgv(options.entry),
    workerData: options.config,
  });

  return {
    /** How many tasks run side by side on their own threads (work split for parallelism asks this many). */
    threads,

    async run<I, O, P>(task: CpuTask<I, O, P>, input: I, runOptions: CpuRunOptions<P> = {}): Promise<O> {
      const { signal, onProgress } = runOptions;
      signal?.throwIfAborted();
      const { port1, port2 } = new MessageChannel();
      let runningOn: number | undefined;
      port1.on('message', (message: ThreadMessage<P>) => {
        if (message.kind === 'started') runningOn = message.threadId;
        else onProgress?.(message.value);
      });
      let grace: NodeJS.Timeout | undefined;
      let giveUp: (reason: unknown) => void = () => undefined;
      const givenUp = new Promise<never>((_, reject) => (giveUp = reject));
      givenUp.catch(() => undefined);
      const abort = () => {
        port1.postMessage('abort');
        grace = setTimeout(() => {
          const thread = runningOn === undefined ? undefined : piscina.threads.find((t) => t.threadId === runningOn);
          // A task that ignores its abort loses its thread (piscina starts another in its place); one still waiting
          // for a thread is left to see the abort when it starts, and its caller goes on now.
          if (thread) void thread.terminate();
          else giveUp(signal?.reason);
        }, ABORT_GRACE_MS);
      };
      signal?.addEventListener('abort', abort, { once: true });
      try {
        const request: ThreadRequest = { name: task.name, input, port: port2 };
        // No abort signal for piscina: it would run such a task alone on its thread, and the second task a thread
        // takes (concurrentTasksPerWorker) is what keeps both cores busy while native work (sharp) runs.
        const result = (await Promise.race([
          piscina.run(request, { transferList: [port2] }),
          givenUp,
        ])) as ThreadResult<O>;
        if (signal?.aborted) throw signal.reason;
        if (!result.ok) throw deserializeError(result.error);
        return result.output;
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        throw error;
      } finally {
        clearTimeout(grace);
        signal?.removeEventListener('abort', abort);
        port1.close();
      }
    },

    /** Ends the threads; tasks still running are aborted (their callers see the rejection). */
    close(): Promise<void> {
      return piscina.destroy();
    },
  };
}

export type CpuPool = ReturnType<typeof createCpuPool>;
