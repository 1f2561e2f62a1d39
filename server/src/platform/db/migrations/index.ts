import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-user-client.js';

/** Migrations are imported, not read from disk, so the bundled server carries them. Append only. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-user-client': m0002,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
