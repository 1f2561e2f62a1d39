// Writes docs/openapi.json from the route schemas; `npm test` fails when the committed file differs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest, openEmbeddedDatabase } from '../src/platform/db/database.js';
import { OPENAPI_PATH, normalizedOpenApi } from '../src/platform/http/openapi.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-openapi-'));
const database = await openEmbeddedDatabase({});
await migrateToLatest(database.db);
const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, logger: false });
await app.ready();
fs.writeFileSync(OPENAPI_PATH, normalizedOpenApi(app.swagger()));
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`wrote ${path.relative(process.cwd(), OPENAPI_PATH)}`);
