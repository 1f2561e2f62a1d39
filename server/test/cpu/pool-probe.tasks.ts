/**
 * A CPU thread entry for the pool's own tests (platform/cpu/cpu-pool.test.ts): tasks that show how the pool places
 * and stops work, none of the product's.
 */
import { threadId } from 'node:worker_threads';
import { defineCpuTask } from '../../src/platform/cpu/cpu-task.js';

let arrived = 0;

/** Waits up to `waitMs` for `expected` tasks to be in this thread at once; says how many it met and where. */
export const rendezvousTask = defineCpuTask('test.rendezvous', async (input: { expected: number; waitMs: number }) => {
  arrived += 1;
  const until = Date.now() + input.waitMs;
  while (arrived < input.expected && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
  return { met: arrived, threadId };
});

/** Spins without ever looking at its abort signal, as a task stuck in native or synchronous code would. */
export const stubbornTask = defineCpuTask('test.stubborn', () => {
  for (;;) {
    // Busy on purpose: only ending the thread stops it.
  }
});

export { runCpuTask as default } from '../../src/platform/cpu/cpu-thread-runner.js';
