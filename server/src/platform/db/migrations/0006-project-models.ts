import { sql, type Kysely } from 'kysely';

/**
 * Durable jobs (platform/jobs) and the 3D model of a project (modules/project-model).
 * The jobs table lives here because the platform's first job is the model's unzip.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // What users see of long work; pg-boss (its own schema) only delivers job ids to workers.
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('queued'))
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('progress_detail', 'jsonb')
    .addColumn('error_key', 'varchar(64)')
    .addColumn('result', 'jsonb')
    .addColumn('singleton_key', 'varchar(128)')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('worker_id', 'varchar(128)')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  // At most one live job per singleton key: enqueueing a duplicate returns the live one.
  await sql`create unique index jobs_singleton_key on jobs (name, singleton_key)
    where singleton_key is not null and state in ('queued', 'running')`.execute(db);
  await sql`create index jobs_running_idx on jobs (heartbeat_at) where state = 'running'`.execute(db);

  await db.schema
    .createTable('project_models')
    .addColumn('project_id', 'integer', (col) => col.primaryKey().references('projects.id').onDelete('cascade'))
    // The team whose quota counts the model's bytes, and the folder they live in (kept if the project moves).
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(255)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('error_key', 'varchar(64)')
    // The version served; null until the first unzip succeeds.
    .addColumn('version', 'integer')
    .addColumn('tileset_path', 'varchar(1024)')
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('file_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('file_name', 'varchar(255)')
    // An uploaded zip waiting for (or failed in) its unzip; kept so that the unzip can be started again.
    .addColumn('pending_upload_id', 'varchar(64)')
    .addColumn('pending_version', 'integer')
    .addColumn('pending_file_name', 'varchar(255)')
    .addColumn('pending_zip_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('pending_extract_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('unzip_job_id', 'uuid')
    .addColumn('parameter', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('position', 'jsonb')
    .addColumn('initial_parameter', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('initial_position', 'jsonb')
    .addColumn('clip', 'jsonb')
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // One uploader per project: the row is the lock, and holds the quota reserved for the zip.
  await db.schema
    .createTable('project_model_uploads')
    .addColumn('project_id', 'integer', (col) => col.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('upload_id', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addColumn('reserved_bytes', 'bigint', (col) => col.notNull())
    // Whether the tus resource exists (creating it twice would truncate the bytes received).
    .addColumn('created', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('project_model_uploads_user_idx').on('project_model_uploads').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['project_model_uploads', 'project_models', 'jobs']) {
    await db.schema.dropTable(table).execute();
  }
}
