import { sql, type Kysely, type SqlBool } from 'kysely';
import { DEFECT_COORDINATE_MAX, type DefectFilter } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import type { FilterRangeValues } from '../disease-filter/disease-filter.repo.js';
import { hiddenByRange, matching } from './defect.repo.js';

/** The filter's defects the damage filter range leaves shown, and those it hides (none when it does not apply). */
function shownAndHidden(filter: DefectFilter, range: FilterRangeValues | undefined) {
  const hidden = (filter.filterRange && range ? hiddenByRange(range) : null) ?? sql<SqlBool>`false`;
  return { where: matching(filter), shown: sql<SqlBool>`not ${hidden}`, hidden };
}

/** SQL of what is worked out over an inspection's defects: counts, places, repeat and history candidates. */
export function createDefectAnalysisRepo(db: Kysely<Database>) {
  async function hiddenCount(filter: DefectFilter, range: FilterRangeValues | undefined) {
    const { where, hidden } = shownAndHidden(filter, range);
    const row = await db
      .selectFrom('defects as d')
      .select(sql<string>`count(*) filter (where ${hidden})`.as('hidden'))
      .where(where)
      .executeTakeFirstOrThrow();
    return Number(row.hidden);
  }

  return {
    hiddenCount,

    /** Shown defects by type, most first. */
    countByType(filter: DefectFilter, range: FilterRangeValues | undefined) {
      const { where, shown } = shownAndHidden(filter, range);
      return db
        .selectFrom('defects as d')
        .innerJoin('defect_types as t', 't.id', 'd.type_id')
        .select(['d.type_id', 't.name', 't.code', 't.built_in', 't.color', sql<string>`count(*)`.as('count')])
        .where(where)
        .where(shown)
        .groupBy(['d.type_id', 't.name', 't.code', 't.built_in', 't.color'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('d.type_id')
        .execute();
    },

    countByLevel(filter: DefectFilter, range: FilterRangeValues | undefined) {
      const { where, shown } = shownAndHidden(filter, range);
      return db
        .selectFrom('defects as d')
        .select(['d.level', sql<string>`count(*)`.as('count')])
        .where(where)
        .where(shown)
        .groupBy('d.level')
        .execute();
    },

    /** Shown defects by component (null: unbound), most first. */
    countByComponent(filter: DefectFilter, range: FilterRangeValues | undefined) {
      const { where, shown } = shownAndHidden(filter, range);
      return db
        .selectFrom('defects as d')
        .leftJoin('space_markers as m', 'm.id', 'd.marker_id')
        .select(['d.marker_id', 'm.name as marker_name', sql<string>`count(*)`.as('count')])
        .where(where)
        .where(shown)
        .groupBy(['d.marker_id', 'm.name'])
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`d.marker_id nulls last`)
        .execute();
    },

    /** The shown defects placed on the model, oldest first, at most DEFECT_COORDINATE_MAX, and how many there are. */
    async coordinates(filter: DefectFilter, range: FilterRangeValues | undefined) {
      const { where, shown } = shownAndHidden(filter, range);
      const located = sql<SqlBool>`d.location_state = 'located'`;
      const [records, counts] = await Promise.all([
        db
          .selectFrom('defects as d')
          .select(['d.id', 'd.number', 'd.image_id', 'd.type_id', 'd.level', 'd.shape_kind', 'd.marker_id'])
          .select(['d.lon', 'd.lat', 'd.height'])
          .where(where)
          .where(shown)
          .where(located)
          .orderBy('d.id')
          .limit(DEFECT_COORDINATE_MAX)
          .execute(),
        db
          .selectFrom('defects as d')
          .select(sql<string>`count(*)`.as('total'))
          .where(where)
          .where(shown)
          .where(located)
          .executeTakeFirstOrThrow(),
      ]);
      return { records, total: Number(counts.total) };
    },

    /**
     * An inspection's defects (of the types, when given) for the repeated-defect search: each with its place, its
     * photo's camera place and its shown size; `located` false for those with no place on the model.
     */
    repeatCandidates(inspectionId: number, typeIds: readonly number[] | undefined) {
      let query = db
        .selectFrom('defects as d')
        .innerJoin('inspection_images as img', 'img.id', 'd.image_id')
        .select(['d.id', 'd.number', 'd.image_id', 'img.name as image_name', 'd.type_id', 'd.level', 'd.points'])
        .select(['d.lon', 'd.lat', 'd.height', 'img.longitude', 'img.latitude', 'img.altitude'])
        .select([
          sql<number | null>`coalesce(d.edited_length_m, d.length_m)`.as('length_m'),
          sql<number | null>`coalesce(d.edited_width_mm, d.width_mm)`.as('width_mm'),
          sql<number | null>`coalesce(d.edited_area_m2, d.area_m2)`.as('area_m2'),
          sql<boolean>`d.location_state = 'located' and d.lon is not null`.as('located'),
        ])
        .where('d.inspection_id', '=', inspectionId)
        .orderBy('d.id');
      if (typeIds?.length) query = query.where('d.type_id', 'in', [...typeIds]);
      return query.execute();
    },

    /** Ids of an inspection's located defects within a box around a point (degrees and metres), for a closer look. */
    async idsInBox(
      inspectionId: number,
      box: { lonMin: number; lonMax: number; latMin: number; latMax: number; heightMin: number; heightMax: number },
    ) {
      const rows = await db
        .selectFrom('defects')
        .select(['id', 'lon', 'lat', 'height'])
        .where('inspection_id', '=', inspectionId)
        .where('location_state', '=', 'located')
        .where('lon', '>=', box.lonMin)
        .where('lon', '<=', box.lonMax)
        .where('lat', '>=', box.latMin)
        .where('lat', '<=', box.latMax)
        .where('height', '>=', box.heightMin)
        .where('height', '<=', box.heightMax)
        .execute();
      return rows.flatMap((row) =>
        row.lon !== null && row.lat !== null && row.height !== null
          ? [{ id: row.id, lon: row.lon, lat: row.lat, height: row.height }]
          : [],
      );
    },
  };
}

export type DefectAnalysisRepo = ReturnType<typeof createDefectAnalysisRepo>;
