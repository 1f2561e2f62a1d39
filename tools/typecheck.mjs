// Type-checks every workspace with its own tsconfig, as many at once as there are cores (tools/parallel.mjs).
import { runInParallel, TYPECHECK_JOBS } from './parallel.mjs';

const outcomes = await runInParallel(TYPECHECK_JOBS);
process.exit(outcomes.every(({ ok }) => ok) ? 0 : 1);
