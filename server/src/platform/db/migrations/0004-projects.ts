import { sql, type Kysely } from 'kysely';

/**
 * Projects (SPEC section 3): types, groups, projects and their members, and the project configuration
 * (defect types, defect fields, damage filter range, report filter, custom data, report camera view).
 * The built-in rows below are a frozen copy: later changes belong in a new migration.
 */
const BUILT_IN_PROJECT_TYPES: Array<[code: string, icon: string]> = [
  ['bridge', 'bridge'],
  ['road', 'road'],
  ['building', 'building'],
  ['dam', 'dam'],
  ['test', 'experiment'],
  ['tunnel', 'tunnel'],
  ['side_slope', 'slope'],
  ['culvert', 'culvert'],
  ['electromechanical', 'electromechanical'],
  ['wind_turbine', 'wind-turbine'],
];

/** Marker colours are distinct so that defects stay apart on photos and on the model. */
const BUILT_IN_DEFECT_TYPES: Array<[code: string, name: string, color: string, shapeKind: 'line' | 'area']> = [
  ['crack', 'Crack', '#FF3B30', 'line'],
  ['linear_crack', 'Linear crack', '#FF9500', 'line'],
  ['spalling', 'Spalling', '#FFCC00', 'area'],
  ['rust', 'Rust', '#A2845E', 'area'],
  ['deformation', 'Deformation', '#34C759', 'area'],
  ['hole', 'Hole', '#00C7BE', 'area'],
  ['damage_worn', 'Damage/worn', '#30B0C7', 'area'],
  ['exposed_rebar', 'Exposed rebar', '#007AFF', 'area'],
  ['aging', 'Aging', '#5856D6', 'area'],
  ['sheath_damage', 'Sheath damage', '#AF52DE', 'area'],
  ['paint_peeling', 'Paint peeling', '#FF2D55', 'area'],
  ['bulging', 'Bulging', '#8E8E93', 'area'],
  ['carbonation', 'Carbonation', '#6E4B3A', 'area'],
  ['water_seepage', 'Water seepage', '#64D2FF', 'area'],
  ['net_crack', 'Net crack', '#E4572E', 'area'],
  ['honeycomb', 'Honeycomb', '#B8860B', 'area'],
  ['scratch_damage', 'Scratch damage', '#7CFC00', 'area'],
  ['scratch', 'Scratch', '#FF00FF', 'line'],
  ['cable_damage', 'Cable damage', '#1E90FF', 'area'],
  ['void', 'Void', '#2F4F4F', 'area'],
];

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_types')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // Null for the built-in types every team shares.
    .addColumn('team_id', 'integer', (col) => col.references('teams.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)')
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('icon', 'varchar(64)', (col) => col.notNull())
    .addColumn('built_in', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await sql`create unique index project_types_name_key on project_types (team_id, lower(name)) where team_id is not null`.execute(
    db,
  );
  await sql`create unique index project_types_code_key on project_types (coalesce(team_id, 0), lower(code)) where code is not null`.execute(
    db,
  );

  // Whether a team offers a type when creating projects; no row means enabled.
  await db.schema
    .createTable('project_type_states')
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (col) => col.notNull().references('project_types.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_type_states_pkey', ['team_id', 'type_id'])
    .execute();

  await db.schema
    .createTable('project_groups')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('is_default', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await sql`create unique index project_groups_name_key on project_groups (team_id, lower(name))`.execute(db);
  await sql`create unique index project_groups_default_key on project_groups (team_id) where is_default`.execute(db);

  await db.schema
    .createTable('projects')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (col) => col.references('project_groups.id').onDelete('set null'))
    .addColumn('type_id', 'integer', (col) => col.notNull().references('project_types.id'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('cover_url', 'varchar(300)')
    .addColumn('cover_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('description', 'varchar(500)')
    .addColumn('location_geojson', 'jsonb')
    .addColumn('location_kind', 'varchar(16)')
    .addColumn('route_name', 'varchar(50)')
    .addColumn('default_view', 'jsonb')
    .addColumn('high_precision', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('normal'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    // Set while the project is in the recycle bin.
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index projects_name_key on projects (team_id, name) where deleted_at is null`.execute(db);
  await db.schema.createIndex('projects_team_idx').on('projects').columns(['team_id', 'created_at']).execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('project_members_pkey', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user_idx').on('project_members').column('user_id').execute();

  await db.schema
    .createTable('defect_types')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // Null for the built-in types every project shares.
    .addColumn('project_id', 'integer', (col) => col.references('projects.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)')
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('color', 'char(7)', (col) => col.notNull())
    .addColumn('shape_kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('visible_on_add', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('built_in', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await sql`create unique index defect_types_name_key on defect_types (project_id, lower(name)) where project_id is not null`.execute(
    db,
  );
  await sql`create unique index defect_types_code_key on defect_types (code) where project_id is null`.execute(db);

  await db.schema
    .createTable('defect_fields')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('widget', 'varchar(8)', (col) => col.notNull())
    .addColumn('options', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('visible_when_marking', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await sql`create unique index defect_fields_name_key on defect_fields (project_id, lower(name))`.execute(db);

  // Defects under these sizes are hidden (SPEC section 9): cracks by length (m) and width (mm), others by area (m²).
  await db.schema
    .createTable('defect_filter_ranges')
    .addColumn('project_id', 'integer', (col) => col.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('crack_length_min', 'double precision')
    .addColumn('crack_length_max', 'double precision')
    .addColumn('crack_width_min', 'double precision')
    .addColumn('crack_width_max', 'double precision')
    .addColumn('area_min', 'double precision')
    .addColumn('area_max', 'double precision')
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('report_filter_ranges')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('dimension', 'varchar(8)', (col) => col.notNull())
    .addColumn('min_value', 'double precision', (col) => col.notNull())
    .addColumn('max_value', 'double precision', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('report_filter_ranges_project_idx')
    .on('report_filter_ranges')
    .column('project_id')
    .execute();

  await db.schema
    .createTable('report_filter_types')
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('defect_type_id', 'integer', (col) => col.notNull().references('defect_types.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('report_filter_types_pkey', ['project_id', 'defect_type_id'])
    .execute();

  await db.schema
    .createTable('project_customs')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('value', 'varchar(500)', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await sql`create unique index project_customs_name_key on project_customs (project_id, name)`.execute(db);

  await db.schema
    .createTable('project_report_positions')
    .addColumn('project_id', 'integer', (col) => col.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('view', 'jsonb', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  for (const [index, [code, icon]] of BUILT_IN_PROJECT_TYPES.entries()) {
    await sql`insert into project_types (code, name, icon, built_in, sort) values (${code}, ${code}, ${icon}, true, ${index})`.execute(
      db,
    );
  }
  for (const [index, [code, name, color, shapeKind]] of BUILT_IN_DEFECT_TYPES.entries()) {
    await sql`insert into defect_types (code, name, color, shape_kind, built_in, sort)
      values (${code}, ${name}, ${color}, ${shapeKind}, true, ${index})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'project_report_positions',
    'project_customs',
    'report_filter_types',
    'report_filter_ranges',
    'defect_filter_ranges',
    'defect_fields',
    'defect_types',
    'project_members',
    'projects',
    'project_groups',
    'project_type_states',
    'project_types',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
