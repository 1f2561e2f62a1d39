/**
 * A scratch database for a benchmark: a new database on the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432
 * when one answers (dropped afterwards), so that the memory and time measured are the server's own; otherwise
 * embedded PGlite, whose engine then runs in the benchmark's process.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../src/platform/db/database.js';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  handle: DatabaseHandle;
  kind: string;
  drop: () => Promise<void>;
}

/** A new database on the PostgreSQL server, or null when no server answers. */
export async function openServerScratchDatabase(): Promise<ScratchDatabase | null> {
  if (!(await postgresAnswers(serverUrl))) return null;
  const name = `sightline_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openServerDatabase(url.toString());
  return {
    handle,
    kind: 'PostgreSQL server',
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** A scratch database: on the PostgreSQL server if one answers, else embedded. */
export async function openScratchDatabase(): Promise<ScratchDatabase> {
  return (
    (await openServerScratchDatabase()) ?? {
      handle: await openEmbeddedDatabase({}),
      kind: 'embedded PGlite (in this process)',
      drop: async () => undefined,
    }
  );
}

export const SCRATCH_SERVER_URL = serverUrl;
