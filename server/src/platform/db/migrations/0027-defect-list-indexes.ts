import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the defect list on inspections of a million defects (issue 13): each page counts its shown and hidden
 * defects up to a cap, and both counts test the project's damage filter range on every row they walk. With the
 * sizes the range tests (and the filters' columns) carried in the index, a count is an index-only scan that never
 * reads the table; with the filters in the key, a filter that keeps few rows (a type and a level, starred) finds them
 * without walking the others, in id order, so a page is its first rows.
 *
 * The range's hidden side is written as ranges over each shape's effective size (defect.repo `hiddenByRange`):
 * the expression indexes find the few defects a range hides without walking the many it shows.
 */
const SIZES = 'shape_kind, length_m, edited_length_m, width_mm, edited_width_mm, area_m2, edited_area_m2';

const INDEXES: ReadonlyArray<readonly [name: string, definition: string]> = [
  // Any filter (the list unfiltered, by source, by several levels) walks this one newest first.
  ['defects_list_idx', `(inspection_id, id) include (type_id, level, star, marker_id, image_id, source, ${SIZES})`],
  ['defects_list_type_idx', `(inspection_id, type_id, level, id) include (star, marker_id, source, ${SIZES})`],
  ['defects_list_level_idx', `(inspection_id, level, id) include (type_id, star, marker_id, source, ${SIZES})`],
  [
    'defects_list_marker_idx',
    `(inspection_id, marker_id, id) include (type_id, level, star, ${SIZES}) where marker_id is not null`,
  ],
  // Starred defects are few: their own small indexes, alone and with a type and level.
  ['defects_list_star_idx', `(inspection_id, id) include (type_id, level, marker_id, ${SIZES}) where star`],
  ['defects_list_star_type_idx', `(inspection_id, type_id, level, id) include (${SIZES}) where star`],
  // Not partial: the planner estimates how many rows a size bound keeps from these indexes' statistics, which it
  // does not take from a partial index, and without them it would walk the list index to count a rare hidden few.
  ['defects_effective_length_idx', '(inspection_id, (coalesce(edited_length_m, length_m)))'],
  ['defects_effective_width_idx', '(inspection_id, (coalesce(edited_width_mm, width_mm)))'],
  ['defects_effective_area_idx', '(inspection_id, (coalesce(edited_area_m2, area_m2)))'],
];

/** The indexes of migration 0016 that these replace (same leading columns, fewer carried). */
const REPLACED: ReadonlyArray<readonly [name: string, definition: string]> = [
  ['defects_inspection_idx', '(inspection_id, id)'],
  ['defects_inspection_type_idx', '(inspection_id, type_id, id)'],
  ['defects_inspection_level_idx', '(inspection_id, level, id)'],
  ['defects_star_idx', '(inspection_id, id) where star = true'],
];

async function create(db: Kysely<unknown>, indexes: typeof INDEXES) {
  for (const [name, definition] of indexes) await sql.raw(`create index ${name} on defects ${definition}`).execute(db);
}

async function drop(db: Kysely<unknown>, indexes: typeof INDEXES) {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await drop(db, REPLACED);
  await create(db, INDEXES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await drop(db, INDEXES);
  await create(db, REPLACED);
}
