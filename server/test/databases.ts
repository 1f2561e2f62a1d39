import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The PostgreSQL server of the machine (trust auth); tests use it when it answers. */
export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEMPLATE_INFO_PATH = path.join(
  os.tmpdir(),
  `sightline-test-templates-${process.ppid}-${process.env.SIGHTLINE_TEST_RUN ?? 'run'}.json`,
);

export interface TemplateInfo {
  pgliteDump: string;
  postgresTemplate: string | null;
}

export function readTemplateInfo(): TemplateInfo {
  const fromEnv = process.env.SIGHTLINE_TEST_TEMPLATES;
  return JSON.parse(fs.readFileSync(fromEnv ?? TEMPLATE_INFO_PATH, 'utf8')) as TemplateInfo;
}

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
