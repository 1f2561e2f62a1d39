import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files at once for the unit and integration tests: vitest's default (cores - 1) runs them one by one on a
 * 2-core machine, while a file spends much of its time waiting on the database server, worker threads and child
 * processes; a worker per core (at least two) fills that time.
 */
const WORKERS = Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Two files at a time (a server and a browser each): a journey spends much of its time waiting on the
          // server's jobs and the browser's rendering, so two overlap on two cores (1,767 s one at a time against
          // 1,047 s two at a time, on the same machine under the same load). Timeouts allow for the sharing.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // A step waits for a write to reach the server and the screen to read it again: on a loaded machine that
          // takes longer than expect.poll's default second.
          expect: { poll: { timeout: 30_000 } },
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
