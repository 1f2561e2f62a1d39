import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import { startPGliteServer } from './pglite-session-queue.js';
import type { Database } from './schema.js';
import { trackTableWrites, type TableWrites } from './table-writes.js';

// PostgreSQL bigint (volume bytes) arrives as a string: keep it exact rather than lose precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** A connection string any PostgreSQL client (pg-boss, psql) can use, embedded mode included. */
  connectionString: string;
  /** Writes made through `db`, for caches of this process to drop what they changed. */
  writes: TableWrites;
  close(): Promise<void>;
  /** Embedded only: a dump of the data folder, which a new instance can load (test templates). */
  dumpDataDir?: () => Promise<Blob>;
}

const ADMIN_SHUTDOWN = '57P01';

function kyselyFor(connectionString: string, max: number): { db: Kysely<Database>; writes: TableWrites } {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server ends (a restart, a dropped database) must not take the process
  // down: the pool replaces it on the next query.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== ADMIN_SHUTDOWN) console.error(`database connection lost: ${error.message}`);
  });
  const { dialect, writes } = trackTableWrites(new PostgresDialect({ pool }));
  return { db: new Kysely<Database>({ dialect }), writes };
}

export async function openServerDatabase(connectionString: string): Promise<DatabaseHandle> {
  const { db, writes } = kyselyFor(connectionString, 10);
  return { db, connectionString, writes, close: () => db.destroy() };
}

/**
 * Serves PGlite over the PostgreSQL wire protocol on loopback so that the embedded mode differs
 * from a PostgreSQL server only by its connection string (ARCHITECTURE.md section 4).
 */
export async function openEmbeddedDatabase(options: { dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  const releaseLock = options.dataDir ? takeDataDirLock(options.dataDir) : () => undefined;
  try {
    const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    const server = await startPGliteServer(pglite);
    const connectionString = `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
    const { db, writes } = kyselyFor(connectionString, 8);
    return {
      db,
      connectionString,
      writes,
      dumpDataDir: () => pglite.dumpDataDir('none'),
      close: async () => {
        await db.destroy();
        await server.stop();
        await pglite.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Two processes on one PGlite folder corrupt it silently, so exactly one may own it. */
function takeDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);
  const tryLock = () => fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  try {
    tryLock();
  } catch {
    const owner = Number(fs.readFileSync(lockPath, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The database folder ${dataDir} is in use by process ${owner}; stop it first.`);
    }
    fs.rmSync(lockPath, { force: true });
    tryLock();
  }
  return () => fs.rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
