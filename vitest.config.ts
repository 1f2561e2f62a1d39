import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files at once for the unit and integration tests: vitest's default (cores - 1) runs them one by one on a
 * 2-core machine, while a file spends much of its time waiting on the database server, worker threads and child
 * processes; a worker per core (at least two) fills that time.
 */
const WORKERS = Math.max(2, os.availableParallelism());

const INTEGRATION = {
  include: ['server/src/**/*.test.ts'],
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  globalSetup: ['server/test/global-setup.ts'],
};

/**
 * Integration tests that need a process of their own: they replace a module (vi.mock), which only a module registry
 * of their own can take, or measure the process (its memory, its event loop), where another file's leftovers count.
 */
const ISOLATED_INTEGRATION_FILES = [
  'server/src/modules/auth/account-privacy.test.ts',
  'server/src/modules/licence/licence.test.ts',
  'server/src/modules/licence/licence-tool.test.ts',
  'server/src/modules/ai-model/ai-model.test.ts',
  'server/src/platform/cpu/cpu-offload.test.ts',
];

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
          ...INTEGRATION,
          name: 'integration',
          exclude: ISOLATED_INTEGRATION_FILES,
          // The files of a worker share its modules instead of importing the server anew each (some 2 s of CPU a
          // file): each test builds its own app, database and data folder, and an app's routes are its own.
          isolate: false,
        },
      },
      {
        test: { ...INTEGRATION, name: 'integration-isolated', include: ISOLATED_INTEGRATION_FILES },
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
