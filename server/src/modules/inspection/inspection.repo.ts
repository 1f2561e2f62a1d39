import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { CameraParamItem } from '@sightline/shared';
import type { Database, InspectionImageGroupsTable } from '../../platform/db/schema.js';
import { likePattern } from '../../platform/db/sql-helpers.js';

export type ImageGroupRow = Selectable<InspectionImageGroupsTable>;

/** What an inspection answer needs: the row, its previous inspection's name, its creator's name, its group count. */
function inspectionRows(db: Kysely<Database>) {
  return db
    .selectFrom('inspections as i')
    .leftJoin('inspections as p', (join) =>
      join.onRef('p.id', '=', 'i.previous_inspection_id').on('p.deleted_at', 'is', null),
    )
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .select([
      'i.id',
      'i.project_id',
      'i.name',
      'i.description',
      'i.previous_inspection_id',
      'i.inspection_date',
      'i.created_by',
      'i.created_at',
      'i.updated_at',
      'i.deleted_at',
      'p.name as previous_name',
      'u.name as created_by_name',
      sql<string>`(select count(*) from inspection_image_groups g where g.inspection_id = i.id)`.as('group_count'),
    ]);
}
export type InspectionRow = Awaited<ReturnType<ReturnType<typeof inspectionRows>['executeTakeFirstOrThrow']>>;

function inspectionQueries(db: Kysely<Database>) {
  return {
    /** A live inspection (its project may be binned: the caller's project check decides). */
    findInspection(id: number) {
      return inspectionRows(db).where('i.id', '=', id).where('i.deleted_at', 'is', null).executeTakeFirst();
    },
    /** Any inspection, binned or not, with its project's team and whether the project is live. */
    findAnyInspection(id: number) {
      return db
        .selectFrom('inspections as i')
        .innerJoin('projects', 'projects.id', 'i.project_id')
        .select([
          'i.id',
          'i.project_id',
          'i.deleted_at',
          'projects.team_id',
          'projects.deleted_at as project_deleted_at',
        ])
        .where('i.id', '=', id)
        .executeTakeFirst();
    },
    async pageInspections(
      filter: { projectId: number; keyword?: string | undefined },
      page: { pageNum: number; pageSize: number },
    ) {
      let query = inspectionRows(db).where('i.project_id', '=', filter.projectId).where('i.deleted_at', 'is', null);
      if (filter.keyword) query = query.where('i.name', 'ilike', likePattern(filter.keyword));
      let count = db
        .selectFrom('inspections as i')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('i.project_id', '=', filter.projectId)
        .where('i.deleted_at', 'is', null);
      if (filter.keyword) count = count.where('i.name', 'ilike', likePattern(filter.keyword));
      const [rows, total] = await Promise.all([
        query
          .orderBy('i.inspection_date', 'desc')
          .orderBy('i.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize)
          .execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },
    /** Every live inspection of a project with its link to the previous one (for loop checks and candidates). */
    listLinks(projectId: number) {
      return db
        .selectFrom('inspections')
        .select(['id', 'name', 'inspection_date', 'previous_inspection_id'])
        .where('project_id', '=', projectId)
        .where('deleted_at', 'is', null)
        .orderBy('inspection_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async insertInspection(values: {
      projectId: number;
      name: string;
      description: string;
      previousInspectionId: number | null;
      inspectionDate: string;
      createdBy: number;
    }) {
      const row = await db
        .insertInto('inspections')
        .values({
          project_id: values.projectId,
          name: values.name,
          description: values.description,
          previous_inspection_id: values.previousInspectionId,
          inspection_date: values.inspectionDate,
          created_by: values.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    updateInspection(
      id: number,
      values: { name: string; description: string; previousInspectionId: number | null; inspectionDate: string },
    ) {
      return db
        .updateTable('inspections')
        .set({
          name: values.name,
          description: values.description,
          previous_inspection_id: values.previousInspectionId,
          inspection_date: values.inspectionDate,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
    /** Locks the inspection's row, so that group name checks and inserts of one inspection run one at a time. */
    lockInspection(id: number) {
      return db.selectFrom('inspections').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    listGroups(inspectionId: number) {
      return db
        .selectFrom('inspection_image_groups')
        .selectAll()
        .where('inspection_id', '=', inspectionId)
        .orderBy('id')
        .execute();
    },
    findGroup(id: number) {
      return db.selectFrom('inspection_image_groups').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async groupNameTaken(inspectionId: number, name: string, exceptId?: number) {
      let query = db
        .selectFrom('inspection_image_groups')
        .select('id')
        .where('inspection_id', '=', inspectionId)
        .where('name', '=', name);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    insertGroup(values: Insertable<InspectionImageGroupsTable>) {
      return db.insertInto('inspection_image_groups').values(values).returningAll().executeTakeFirstOrThrow();
    },
    updateGroup(id: number, values: Omit<Insertable<InspectionImageGroupsTable>, 'inspection_id' | 'created_at'>) {
      return db
        .updateTable('inspection_image_groups')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    deleteGroup(id: number) {
      return db.deleteFrom('inspection_image_groups').where('id', '=', id).execute();
    },

    listCameraParams(teamId: number) {
      return db.selectFrom('camera_params').selectAll().where('team_id', '=', teamId).orderBy('model').execute();
    },
    findCameraParam(teamId: number, id: number) {
      return db
        .selectFrom('camera_params')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Adds the cameras, replacing the values of a model the team already has; says which models were new. */
    async upsertCameraParams(teamId: number, items: readonly CameraParamItem[]) {
      const existing = new Set(
        (
          await db
            .selectFrom('camera_params')
            .select('model')
            .where('team_id', '=', teamId)
            .where(
              'model',
              'in',
              items.map((item) => item.model),
            )
            .execute()
        ).map((row) => row.model),
      );
      await db
        .insertInto('camera_params')
        .values(
          items.map((item) => ({
            team_id: teamId,
            model: item.model,
            sensor_width_mm: item.sensorWidthMm,
            sensor_height_mm: item.sensorHeightMm,
            focal_length_mm: item.focalLengthMm,
            image_width_px: item.imageWidthPx,
            image_height_px: item.imageHeightPx,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['team_id', 'model']).doUpdateSet((eb) => ({
            sensor_width_mm: eb.ref('excluded.sensor_width_mm'),
            sensor_height_mm: eb.ref('excluded.sensor_height_mm'),
            focal_length_mm: eb.ref('excluded.focal_length_mm'),
            image_width_px: eb.ref('excluded.image_width_px'),
            image_height_px: eb.ref('excluded.image_height_px'),
            updated_at: new Date(),
          })),
        )
        .execute();
      return { updated: existing.size, added: items.length - existing.size };
    },
  };
}

export type InspectionQueries = ReturnType<typeof inspectionQueries>;

/** SQL of inspections, their image groups and the team's camera parameters. */
export function createInspectionRepo(db: Kysely<Database>) {
  return {
    ...inspectionQueries(db),
    transaction<T>(work: (repo: InspectionQueries, trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(inspectionQueries(trx), trx));
    },
  };
}

export type InspectionRepo = ReturnType<typeof createInspectionRepo>;
