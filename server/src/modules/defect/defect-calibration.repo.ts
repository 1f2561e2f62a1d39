import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { CalibrationState } from '@sightline/shared';
import type { Database, DefectCalibrationsTable } from '../../platform/db/schema.js';
import type { DefectMeasure } from './defect-measure.js';

type Db = Kysely<Database> | Transaction<Database>;
type Updates = Omit<Updateable<DefectCalibrationsTable>, 'inspection_id'>;

/** Defects calibration covers: the inspection's, except key points (a key defect stands for them). */
function covered(db: Db, inspectionId: number) {
  return db
    .selectFrom('defects as d')
    .where('d.inspection_id', '=', inspectionId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('key_defects as k').select('k.id').whereRef('k.defect_id', '=', 'd.id'))),
    );
}

/** SQL of the calibration of an inspection's defect positions: its state row and the defects' calibration. */
export function createCalibrationRepo(db: Kysely<Database>) {
  function queries(q: Db) {
    return {
      find(inspectionId: number) {
        return q
          .selectFrom('defect_calibrations')
          .selectAll()
          .where('inspection_id', '=', inspectionId)
          .executeTakeFirst();
      },

      /** Moves the state from one of `from` (any, when the row is new and `from` has idle) and applies `updates`. */
      async move(inspectionId: number, from: readonly CalibrationState[], updates: Updates) {
        await q
          .insertInto('defect_calibrations')
          .values({ inspection_id: inspectionId })
          .onConflict((conflict) => conflict.column('inspection_id').doNothing())
          .execute();
        return q
          .updateTable('defect_calibrations')
          .set(updates)
          .where('inspection_id', '=', inspectionId)
          .where('state', 'in', [...from])
          .returningAll()
          .executeTakeFirst();
      },

      /** Every covered defect is to be calibrated again ("all", or a reset). */
      forgetCalibration(inspectionId: number) {
        return q
          .updateTable('defects')
          .set({ calibrated_at: null })
          .where('inspection_id', '=', inspectionId)
          .execute();
      },

      async counts(inspectionId: number) {
        const row = await covered(q, inspectionId)
          .select([
            sql<string>`count(*)`.as('total'),
            sql<string>`count(*) filter (where d.calibrated_at is not null)`.as('done'),
            sql<string>`count(*) filter (where d.calibrated_at is not null and d.high_precision)`.as('high_precision'),
          ])
          .executeTakeFirstOrThrow();
        return { total: Number(row.total), done: Number(row.done), highPrecision: Number(row.high_precision) };
      },

      /** The next covered defects not yet calibrated, by photo. */
      remaining(inspectionId: number, limit: number) {
        return covered(q, inspectionId)
          .select(['d.id', 'd.image_id', 'd.shape_kind', 'd.points', 'd.width_px', 'd.marker_id'])
          .where('d.calibrated_at', 'is', null)
          .orderBy('d.image_id')
          .orderBy('d.id')
          .limit(limit)
          .execute();
      },

      /**
       * Each photo's newest high-precision pose with its intrinsics: the pose calibration places the photo's defects
       * from, whatever pose came after it (a hand adjustment, a restored metadata pose).
       */
      highPrecisionPoses(imageIds: readonly number[]) {
        if (imageIds.length === 0) return Promise.resolve([]);
        return q
          .selectFrom('inspection_image_poses')
          .distinctOn('image_id')
          .select(['image_id', 'longitude', 'latitude', 'altitude', 'yaw', 'pitch', 'roll', 'intrinsics'])
          .where('image_id', 'in', [...imageIds])
          .where('source', '=', 'highPrecision')
          .orderBy('image_id')
          .orderBy('id', 'desc')
          .execute();
      },

      /**
       * A defect's new place and computed sizes (edited sizes stay; none when it could not be measured), calibrated
       * now; bound to `markerId` when one is given (a defect's component is never unbound here).
       */
      writeCalibrated(defect: {
        id: number;
        measured: DefectMeasure | null;
        highPrecision: boolean;
        markerId: number | null;
      }) {
        return q
          .updateTable('defects')
          .set({
            ...defect.measured,
            high_precision: defect.highPrecision,
            calibrated_at: new Date(),
            ...(defect.markerId === null ? {} : { marker_id: defect.markerId }),
          })
          .where('id', '=', defect.id)
          .execute();
      },

      /** The photo's defects with their calibration and whether a key defect stands for each. */
      ofImage(imageId: number) {
        return q
          .selectFrom('defects as d')
          .select(['d.id', 'd.calibrated_at', 'd.high_precision'])
          .select(({ exists, selectFrom }) =>
            exists(selectFrom('key_defects as k').select('k.id').whereRef('k.defect_id', '=', 'd.id')).as('key_point'),
          )
          .where('d.image_id', '=', imageId)
          .orderBy('d.id')
          .execute();
      },
    };
  }

  return {
    ...queries(db),
    transaction<T>(work: (q: ReturnType<typeof queries>, trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queries(trx), trx));
    },
  };
}

export type CalibrationRepo = ReturnType<typeof createCalibrationRepo>;
