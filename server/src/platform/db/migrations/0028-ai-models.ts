import { sql, type Kysely } from 'kysely';

/**
 * Learned detection models (modules/ai-model, issue 14): a team's uploaded models (the .onnx and its sidecar in the
 * blob store, the state of their check and the evaluation stored on them), which model a team or a project chose
 * (a project's choice wins; none: the built-in detector), the training-set exports of inspections, and on each
 * defect the model that found it (null: the built-in detector, or drawn by hand). A defect keeps its model's id
 * without a key, as `ai_feedbacks` keeps its defect's: the attribution outlives a deleted model.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_models')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('error_key', 'varchar(64)')
    .addColumn('classes', 'jsonb', (col) => col.notNull())
    .addColumn('model_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('sidecar_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addColumn('evaluation', 'jsonb')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ai_models_team_idx').on('ai_models').columns(['team_id', 'id']).execute();

  await db.schema
    .createTable('ai_model_choices')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('cascade'))
    // No cascade: a chosen model cannot be deleted (AI_MODEL_IN_USE), and the key says so too.
    .addColumn('model_id', 'integer', (col) => col.notNull().references('ai_models.id'))
    .execute();
  await db.schema
    .createIndex('ai_model_choices_team_idx')
    .on('ai_model_choices')
    .column('team_id')
    .unique()
    .where(sql.ref('project_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('ai_model_choices_project_idx')
    .on('ai_model_choices')
    .column('project_id')
    .unique()
    .execute();
  await db.schema.createIndex('ai_model_choices_model_idx').on('ai_model_choices').column('model_id').execute();

  await db.schema
    .createTable('ai_training_sets')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('photo_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('held_back_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('storage_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint')
    .addColumn('error_key', 'varchar(64)')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('ai_training_sets_inspection_idx')
    .on('ai_training_sets')
    .columns(['inspection_id', 'id'])
    .execute();

  await db.schema.alterTable('defects').addColumn('ai_model_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('defects').dropColumn('ai_model_id').execute();
  await db.schema.dropTable('ai_training_sets').execute();
  await db.schema.dropTable('ai_model_choices').execute();
  await db.schema.dropTable('ai_models').execute();
}
