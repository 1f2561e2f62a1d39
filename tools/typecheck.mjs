// Type-checks every workspace with its own tsconfig (strict, noUncheckedIndexedAccess), as many at once as there are
// cores: each tsc is single-threaded, so a sequential run leaves the machine's other cores idle.
import os from 'node:os';
import { spawn } from 'node:child_process';

// The largest first, so that the last ones to start are small.
const queue = [
  'web',
  'server',
  'e2e',
  'packages/shared',
  'packages/geo',
  'packages/geo-files',
  'packages/geo-mesh',
  'packages/imagery',
  'packages/vision',
  'tools',
];

/** Runs one project's tsc, its output kept together so parallel runs do not interleave. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      if (output) process.stdout.write(output);
      if (status !== 0) console.error(`typecheck failed in ${project}`);
      resolve(status === 0);
    });
  });
}

const lanes = Math.max(1, Math.min(os.availableParallelism(), 4));
let failed = false;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) if (!(await check(project))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
