import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { AppError, LIMITS, type DefectFilter } from '@sightline/shared';
import type { Database, DefectsTable } from '../../platform/db/schema.js';
import type { FilterRangeValues } from '../disease-filter/disease-filter.repo.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows a multi-row insert carries: about 30 values each stay well under PostgreSQL's 65,535 bound parameters. */
const INSERT_ROWS = 1000;

/** What the service writes of a defect, beside its place, number and authors. */
export type DefectValues = Pick<
  DefectsTable,
  | 'type_id'
  | 'level'
  | 'shape_kind'
  | 'width_px'
  | 'length_m'
  | 'width_mm'
  | 'area_m2'
  | 'size_basis'
  | 'edited_length_m'
  | 'edited_width_mm'
  | 'edited_area_m2'
  | 'marker_id'
  | 'lon'
  | 'lat'
  | 'height'
  | 'location_state'
> & {
  points: Array<[number, number]>;
  description: string;
  fields: Record<string, string | string[]>;
  /** An AI defect's learned model (none: the built-in detector, or drawn by hand). */
  ai_model_id?: number | null;
};

/** Values a defect's edit changes; json columns go in as text. */
export type DefectChanges = Partial<Omit<DefectValues, 'points' | 'fields'>> & {
  points?: Array<[number, number]>;
  fields?: Record<string, string | string[]>;
  size_edited?: boolean;
  star?: boolean;
};

export function defectRows(db: Db) {
  return db
    .selectFrom('defects as d')
    .innerJoin('inspections as i', 'i.id', 'd.inspection_id')
    .innerJoin('inspection_images as img', 'img.id', 'd.image_id')
    .leftJoin('users as creator', 'creator.id', 'd.created_by')
    .leftJoin('users as updater', 'updater.id', 'd.updated_by')
    .selectAll('d')
    .select(['img.name as image_name', 'creator.name as created_by_name', 'updater.name as updated_by_name'])
    .where('i.deleted_at', 'is', null);
}

export type DefectRow = Awaited<ReturnType<ReturnType<typeof defectRows>['executeTakeFirstOrThrow']>>;

/**
 * The conditions under which the project's damage filter range hides a defect (SPEC section 3): a crack (a polyline)
 * by its length and width, an area by its area, each outside its [min, max]; the edited size counts where there is
 * one. A size the defect lacks hides nothing. Each condition bounds one shape's effective size, the form the
 * expression indexes of migration 0027 serve, so that the few defects a range hides are found without walking the
 * many it shows.
 */
function hidingConditions(range: FilterRangeValues): Array<Expression<SqlBool>> {
  const line = sql`d.shape_kind = 'polyline'`;
  const surface = sql`d.shape_kind <> 'polyline'`;
  const outside = (shape: Expression<unknown>, value: Expression<unknown>, min: number | null, max: number | null) => [
    ...(min === null ? [] : [sql<SqlBool>`(${shape} and ${value} < ${min})`]),
    ...(max === null ? [] : [sql<SqlBool>`(${shape} and ${value} > ${max})`]),
  ];
  return [
    ...outside(line, sql`coalesce(d.edited_length_m, d.length_m)`, range.crackLengthMin, range.crackLengthMax),
    ...outside(line, sql`coalesce(d.edited_width_mm, d.width_mm)`, range.crackWidthMin, range.crackWidthMax),
    ...outside(surface, sql`coalesce(d.edited_area_m2, d.area_m2)`, range.areaMin, range.areaMax),
  ];
}

/** Whether the range hides a defect (never null: a size the defect lacks hides nothing); null for an empty range. */
export function hiddenByRange(range: FilterRangeValues): Expression<SqlBool> | null {
  const conditions = hidingConditions(range);
  return conditions.length ? sql<SqlBool>`coalesce(${sql.join(conditions, sql` or `)}, false)` : null;
}

/** `hiddenByRange` as a WHERE condition (unknown where it is false), which the size indexes can answer. */
function hiddenWhere(range: FilterRangeValues): Expression<SqlBool> | null {
  const conditions = hidingConditions(range);
  return conditions.length ? sql<SqlBool>`(${sql.join(conditions, sql` or `)})` : null;
}

/** The list's filters (docs/api.md), on `defects as d`. */
export function matching(filter: DefectFilter): Expression<SqlBool> {
  const parts = [sql`d.inspection_id = ${filter.inspectionId}`];
  if (filter.imageIds?.length) parts.push(sql`d.image_id in (${sql.join(filter.imageIds)})`);
  if (filter.typeIds?.length) parts.push(sql`d.type_id in (${sql.join(filter.typeIds)})`);
  if (filter.levels?.length) parts.push(sql`d.level in (${sql.join(filter.levels)})`);
  if (filter.markerId !== undefined) parts.push(sql`d.marker_id = ${filter.markerId}`);
  if (filter.star !== undefined) parts.push(sql`d.star = ${filter.star}`);
  if (filter.source !== undefined) parts.push(sql`d.source = ${filter.source}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** SQL of the defects (their own tables, and each photo's defect count, which they keep). */
export function createDefectRepo(db: Kysely<Database>) {
  /**
   * Moves the photos' defect counts (their has-defect flag) by what was inserted or deleted: an increment under the
   * row's lock stays right when two requests change one photo at once, where a recount could miss the other's rows.
   */
  async function shiftCounts(trx: Db, imageIds: readonly number[], sign: 1 | -1) {
    const byImage = new Map<number, number>();
    for (const id of imageIds) byImage.set(id, (byImage.get(id) ?? 0) + 1);
    for (const [imageId, count] of byImage) {
      await trx
        .updateTable('inspection_images')
        .set({ defect_count: sql`defect_count + ${sign * count}` })
        .where('id', '=', imageId)
        .execute();
    }
  }

  /**
   * Inserts defects of one photo with the inspection's next numbers, in order: the numbers are reserved in one
   * update and the rows go in multi-row statements (an AI screening stores a photo's thousands at once); the
   * photo's count follows. Answers the new ids in the order given.
   */
  async function insertManyWith(
    trx: Db,
    place: { projectId: number; inspectionId: number; imageId: number; userId: number | null },
    values: ReadonlyArray<DefectValues & { star?: boolean }>,
    source: DefectsTable['source'],
  ): Promise<number[]> {
    if (values.length === 0) return [];
    const { last_number: last } = await trx
      .insertInto('defect_numbers')
      .values({ inspection_id: place.inspectionId, last_number: values.length })
      .onConflict((conflict) =>
        conflict
          .column('inspection_id')
          .doUpdateSet({ last_number: sql`defect_numbers.last_number + ${values.length}` }),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const first = last - values.length + 1;
    const ids: number[] = [];
    for (let start = 0; start < values.length; start += INSERT_ROWS) {
      const rows = await trx
        .insertInto('defects')
        .values(
          values.slice(start, start + INSERT_ROWS).map((row, index) => ({
            ...row,
            points: JSON.stringify(row.points),
            fields: JSON.stringify(row.fields),
            size_edited: false,
            project_id: place.projectId,
            inspection_id: place.inspectionId,
            image_id: place.imageId,
            number: first + start + index,
            source,
            created_by: place.userId,
            updated_by: place.userId,
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    await shiftCounts(trx, new Array<number>(values.length).fill(place.imageId), 1);
    return ids;
  }

  /** Inserts a defect with the inspection's next number; the photo's count follows. */
  async function insertWith(
    trx: Db,
    place: { projectId: number; inspectionId: number; imageId: number; userId: number | null },
    values: DefectValues & { star?: boolean },
    source: DefectsTable['source'],
  ) {
    const [id] = await insertManyWith(trx, place, [values], source);
    return id!;
  }

  /** Deletes the defects; their photos' counts follow (by the rows deleted, not those asked for). */
  async function removeWith(trx: Db, ids: readonly number[]) {
    const deleted = await trx
      .deleteFrom('defects')
      .where('id', 'in', [...ids])
      .returning('image_id')
      .execute();
    await shiftCounts(
      trx,
      deleted.map((row) => row.image_id),
      -1,
    );
    return deleted.length;
  }

  /** The filter's defects the range leaves shown (all when `filterRange` is off or the project has none). */
  const shownWhere = (filter: DefectFilter, range: FilterRangeValues | undefined) => {
    const hidden = filter.filterRange && range ? hiddenByRange(range) : null;
    return hidden ? sql<SqlBool>`${matching(filter)} and not ${hidden}` : matching(filter);
  };
  const shownRows = (filter: DefectFilter, range: FilterRangeValues | undefined) =>
    defectRows(db).where(shownWhere(filter, range));

  return {
    findDefect(id: number) {
      return defectRows(db).where('d.id', '=', id).executeTakeFirst();
    },

    findDefects(ids: readonly number[]) {
      return defectRows(db)
        .where('d.id', 'in', [...ids])
        .orderBy('d.id')
        .execute();
    },

    ofImages(imageIds: readonly number[]) {
      return defectRows(db)
        .where('d.image_id', 'in', [...imageIds])
        .orderBy('d.id')
        .execute();
    },

    /**
     * A page of the filter's shown defects, newest first, with how many it shows and how many the project's damage
     * filter range hid (none when `filterRange` is off or the project has no range), counted up to
     * `LIMITS.defectCountCap` and `LIMITS.defectHiddenCountCap`: a count reads every row it counts, and beyond those
     * the page needs only to say that there are more. Each count is a LIMIT-ed subquery, so that it stops at its cap.
     */
    async page(filter: DefectFilter, range: FilterRangeValues | undefined, paging: { offset: number; limit: number }) {
      const cappedCount = (where: Expression<SqlBool>, cap: number) =>
        db
          .selectFrom((inner) =>
            inner
              .selectFrom('defects as d')
              .select(sql`1`.as('one'))
              .where(where)
              .limit(cap + 1)
              .as('counted'),
          )
          .select(sql<string>`count(*)`.as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count));
      const hidden = filter.filterRange && range ? hiddenWhere(range) : null;
      const [records, shown, hiddenCount] = await Promise.all([
        shownRows(filter, range).orderBy('d.id', 'desc').offset(paging.offset).limit(paging.limit).execute(),
        cappedCount(shownWhere(filter, range), LIMITS.defectCountCap),
        hidden ? cappedCount(sql<SqlBool>`${matching(filter)} and ${hidden}`, LIMITS.defectHiddenCountCap) : 0,
      ]);
      return {
        records,
        total: Math.min(shown, LIMITS.defectCountCap),
        totalCapped: shown > LIMITS.defectCountCap,
        hiddenCount: Math.min(hiddenCount, LIMITS.defectHiddenCountCap),
        hiddenCapped: hiddenCount > LIMITS.defectHiddenCountCap,
      };
    },

    /**
     * The filter's shown defects newest first, `limit` of them older than `beforeId` (all when it is absent): how an
     * export reads ten thousand, each batch found by the index where the last ended, uncounted.
     */
    shownBefore(
      filter: DefectFilter,
      range: FilterRangeValues | undefined,
      next: { beforeId?: number | undefined; limit: number },
    ) {
      return shownRows(filter, range)
        .$if(next.beforeId !== undefined, (query) => query.where('d.id', '<', next.beforeId!))
        .orderBy('d.id', 'desc')
        .limit(next.limit)
        .execute();
    },

    /** The defect with its type's name and colour and its component's name. */
    names(defect: { type_id: number; marker_id: number | null }) {
      return db
        .selectFrom('defect_types as t')
        .leftJoin('space_markers as m', (join) =>
          join.on('m.id', '=', defect.marker_id ?? 0).on('m.kind', '=', 'marker'),
        )
        .select(['t.name', 't.code', 't.built_in', 't.color', 'm.name as marker_name'])
        .where('t.id', '=', defect.type_id)
        .executeTakeFirstOrThrow();
    },

    insert(
      place: { projectId: number; inspectionId: number; imageId: number; userId: number },
      values: DefectValues,
      source: DefectsTable['source'],
    ) {
      return db.transaction().execute((trx) => insertWith(trx, place, values, source));
    },

    /**
     * Inserts a defect in place of others (a merge), in one transaction: all of it happens or none, and a defect
     * deleted meanwhile by another request undoes it (INSPECTION_DISEASE_NOT_EXISTING).
     */
    replace(
      place: { projectId: number; inspectionId: number; imageId: number; userId: number },
      values: DefectValues & { star: boolean },
      source: DefectsTable['source'],
      replacedIds: readonly number[],
    ) {
      return db.transaction().execute(async (trx) => {
        if ((await removeWith(trx, replacedIds)) !== replacedIds.length) {
          throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
        }
        return insertWith(trx, place, values, source);
      });
    },

    update(ids: readonly number[], changes: DefectChanges, userId: number) {
      const { points, fields, ...rest } = changes;
      return db
        .updateTable('defects')
        .set({
          ...rest,
          ...(points ? { points: JSON.stringify(points) } : {}),
          ...(fields ? { fields: JSON.stringify(fields) } : {}),
          updated_by: userId,
          updated_at: new Date(),
        })
        .where('id', 'in', [...ids])
        .executeTakeFirstOrThrow();
    },

    /** Inserts a defect inside a transaction another module opened (an AI screening's commit of one photo). */
    insertOn: insertWith,
    /** Inserts a photo's defects inside a transaction another module opened (see insertManyWith). */
    insertManyOn: insertManyWith,
    /** Deletes defects inside a transaction another module opened; answers how many went. */
    removeOn: removeWith,

    /** Deletes the defects; their photos' counts follow (by the rows this call deleted, not those it was given). */
    remove(ids: readonly number[]) {
      return db.transaction().execute((trx) => removeWith(trx, ids));
    },
  };
}

export type DefectRepo = ReturnType<typeof createDefectRepo>;
