// Shared steps of `npm start` and `npm test`: install when needed, build when sources changed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (fs.existsSync(installed) && newestMtime(installed) >= newestMtime(lock)) return;
  console.log('Installing dependencies...');
  // onnxruntime-node's install script would fetch CUDA libraries from outside the npm registry; we run on the CPU.
  const { ok } = run('npm', ['install', '--no-audit', '--no-fund'], {
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
  });
  if (!ok) throw new Error('npm install failed');
}

/** Builds the web app and the server when their sources are newer than the last build. */
export function ensureBuilt({ force = false } = {}) {
  const sources = [
    'packages',
    'server/src',
    'server/build.mjs',
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'package-lock.json',
  ].map((item) => newestMtime(path.join(ROOT, item)));
  const built = Math.min(
    newestMtime(path.join(ROOT, 'server/dist/main.js')),
    newestMtime(path.join(ROOT, 'web/dist/index.html')),
  );
  if (!force && built > Math.max(...sources)) return;
  console.log('Building the web app and the server...');
  if (!run('npm', ['run', 'build']).ok) throw new Error('build failed');
}
