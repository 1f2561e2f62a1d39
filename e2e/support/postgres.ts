/**
 * A database of its own on the machine's PostgreSQL server (trust auth, as the integration tests
 * use it), for a journey whose fixture must set what no UI sets cheaply, such as a team's storage
 * counter: the product runs on it through DATABASE_URL while the test writes to it directly.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { adminQuery, postgresAnswers, POSTGRES_ADMIN_URL, withDatabase } from '../../server/test/databases';

export interface ScratchDatabase {
  /** The connection string to hand the server as DATABASE_URL. */
  url: string;
  query(sql: string, values?: unknown[]): Promise<void>;
  drop(): Promise<void>;
}

export { postgresAnswers };

/**
 * A new database, empty (the server migrates and seeds it when it starts on it) or a copy of `template` (a database
 * nobody is connected to).
 */
export async function createScratchDatabase(template?: string): Promise<ScratchDatabase> {
  const name = `sightline_e2e_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(POSTGRES_ADMIN_URL, name);
  return {
    url,
    async query(sql, values = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(sql, values);
      } finally {
        await client.end();
      }
    },
    // `with (force)`: the stopped server's pool may still be closing its connections.
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}
