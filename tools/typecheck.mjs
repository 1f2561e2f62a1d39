// Type-checks every workspace with its own tsconfig (strict, noUncheckedIndexedAccess).
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/shared',
  'packages/geo',
  'packages/geo-files',
  'packages/geo-mesh',
  'packages/imagery',
  'packages/vision',
  'server',
  'web',
  'e2e',
  'tools',
];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
