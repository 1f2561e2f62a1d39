/**
 * The browser tests' global setup: the built server started once on a new data folder, so that it migrates and
 * seeds the embedded database, then stopped; each test file's server starts from a copy of that folder
 * (`startAppServer`). Without a build there is nothing to prepare: the files say what is missing themselves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DATA_TEMPLATE_ENV, REPO_ROOT, startAppServer } from './app-server.js';

export default async function setup(): Promise<() => void> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'server', 'dist', 'main.js'))) return () => undefined;
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-e2e-template-'));
  const server = await startAppServer();
  await server.halt();
  fs.cpSync(server.dataDir, template, { recursive: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => fs.rmSync(template, { recursive: true, force: true });
}
