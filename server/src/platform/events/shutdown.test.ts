import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { readEventStream, startServerProcess, stopServerProcess, type ServerProcess } from '../../../test/processes.js';

let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(inject('workDir'), 'shutdown-'));
afterAll(async () => {
  await stopServerProcess(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('ends open event streams and exits within 5 s of SIGTERM, whatever a browser holds open', async () => {
  // As `npm start` runs: one process, the embedded database, the demo team to sign in with.
  server = await startServerProcess({
    DATA_DIR: dataDir,
    SIGHTLINE_SEED_DEMO: 'true',
    SIGHTLINE_DEMO_PASSWORD: 'Shutdown123',
  });
  const login = await fetch(`${server.baseUrl}/api/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demoowner', password: 'Shutdown123', clientType: 'PC', force: true }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const stream = await readEventStream(server.baseUrl, data.token);
  await stream.waitFor((event) => event.name === 'connected', 5_000);
  // Browsers open connections ahead of need that send nothing for a while; the server must not wait on them.
  const { port } = new URL(server.baseUrl);
  const preconnected = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => preconnected.once('connect', resolve));
  preconnected.on('error', () => undefined);

  const signalled = Date.now();
  server.child.kill('SIGTERM');
  const exit = await Promise.race([
    server.exited,
    new Promise((resolve) => setTimeout(() => resolve('still running after 5 s'), 5_000)),
  ]);
  expect(exit).toBe(0);
  expect(Date.now() - signalled).toBeLessThan(5_000);
  // The stream was ended by the server (the client reconnects elsewhere), not cut by the process dying.
  await stream.reading;
  expect(stream.ended).toBe(true);
  preconnected.destroy();
}, 60_000);
