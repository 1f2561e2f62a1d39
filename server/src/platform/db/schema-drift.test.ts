import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { DATABASE_TABLES } from './schema.js';

const SNAPSHOT_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema.snapshot.json');

/** Tables and columns as the migrations leave them: `table -> ["column type null|not null", ...]`. */
export async function describeSchema(server: TestServer): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    select table_name, column_name, data_type, is_nullable
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'
    order by table_name, column_name`.execute(server.db);
  const tables: Record<string, string[]> = {};
  for (const row of rows) {
    (tables[row.table_name] ??= []).push(
      `${row.column_name} ${row.data_type} ${row.is_nullable === 'YES' ? 'null' : 'not null'}`,
    );
  }
  return tables;
}

describe('database schema drift check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('has a table interface in schema.ts for exactly the tables the migrations create', async () => {
    const tables = Object.keys(await describeSchema(server)).sort();
    expect(tables).toEqual([...DATABASE_TABLES].sort());
  });

  it('matches the committed snapshot (run `npm run db:snapshot` after adding a migration)', async () => {
    const current = `${JSON.stringify(await describeSchema(server), null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA_SNAPSHOT === '1') fs.writeFileSync(SNAPSHOT_PATH, current);
    const committed = fs.existsSync(SNAPSHOT_PATH) ? fs.readFileSync(SNAPSHOT_PATH, 'utf8') : '';
    expect(current === committed, 'schema.snapshot.json is out of date: run `npm run db:snapshot`').toBe(true);
  });
});
