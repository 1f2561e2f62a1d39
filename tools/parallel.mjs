// Runs commands as many at once as there are cores (up to four), each one's output kept together and printed when it
// ends, so parallel runs do not interleave. Single-threaded checks (tsc, eslint, prettier) leave a second core idle
// when run one after another.
import os from 'node:os';
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';

/** One command's run: its output printed whole, its outcome and time. */
function runQuietly({ name, command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output) process.stdout.write(output);
      console.log(`${status === 0 ? 'pass' : 'FAIL'}  ${name} (${seconds} s)`);
      resolve({ name, ok: status === 0, seconds });
    });
  });
}

/** Runs `jobs` ({ name, command, args }, the longest first) in parallel lanes; resolves with each one's outcome. */
export async function runInParallel(jobs) {
  const queue = [...jobs];
  const lanes = Math.max(1, Math.min(os.availableParallelism(), 4));
  const outcomes = [];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) outcomes.push(await runQuietly(job));
    }),
  );
  return outcomes;
}

/**
 * The type checks (strict, noUncheckedIndexedAccess), the largest first: web, server, the browser tests, the tools, and
 * the packages in one program (`packages/tsconfig.json`), which checks the shared contract once instead of again
 * for each package importing it (15.9 CPU s instead of 58 for six).
 */
export const TYPECHECK_JOBS = ['web', 'server', 'e2e', 'packages', 'tools'].map((project) => ({
  name: `typecheck ${project}`,
  command: 'npx',
  args: ['tsc', '-p', project, '--noEmit'],
}));
