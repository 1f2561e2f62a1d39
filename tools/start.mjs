// `npm start`: install, build, migrate, seed and serve on one machine (embedded PostgreSQL, local files).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureBuilt, ensureInstalled } from './lib.mjs';

try {
  ensureInstalled();
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const server = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'server/dist/main.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { WEB_DIST: path.join(ROOT, 'web/dist'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
