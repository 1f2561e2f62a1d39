import { sql, type Kysely, type Selectable } from 'kysely';
import { AI_BUSY_STATES, type AiModelEvaluation, type AiModelState, type ExcelState } from '@sightline/shared';
import type { AiModelsTable, AiTrainingSetsTable, Database } from '../../platform/db/schema.js';
import type { EndedFileRecord } from '../team/quota.service.js';

export type AiModelRow = Selectable<AiModelsTable> & { created_by_name: string | null };
export type AiTrainingSetRow = Selectable<AiTrainingSetsTable>;

/** How a training set's job ends its record: done with its zip, or failed. */
export type TrainingSetEnd = {
  state: Exclude<ExcelState, 'generating'>;
  sizeBytes?: number;
  photoCount?: number;
  heldBackCount?: number;
  errorKey?: string;
};

/** SQL of learned models, their choice per team and project, and training-set exports. */
export function createAiModelRepo(db: Kysely<Database>) {
  const models = () =>
    db
      .selectFrom('ai_models as m')
      .leftJoin('users as u', 'u.id', 'm.created_by')
      .selectAll('m')
      .select('u.name as created_by_name');

  return {
    /** Inserts a model whose files are stored under `keys`, in the caller's transaction. */
    insertModel(
      trx: Kysely<Database>,
      values: {
        teamId: number;
        name: string;
        classes: readonly string[];
        sizeBytes: number;
        keys: { model: string; sidecar: string };
        createdBy: number;
      },
    ) {
      return trx
        .insertInto('ai_models')
        .values({
          team_id: values.teamId,
          name: values.name,
          state: 'checking',
          classes: JSON.stringify(values.classes),
          model_key: values.keys.model,
          sidecar_key: values.keys.sidecar,
          size_bytes: values.sizeBytes,
          created_by: values.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findModel(id: number): Promise<AiModelRow | undefined> {
      return models().where('m.id', '=', id).executeTakeFirst();
    },

    listModels(teamId: number): Promise<AiModelRow[]> {
      return models().where('m.team_id', '=', teamId).orderBy('m.id', 'desc').execute();
    },

    /** Ends a model's check; false when it was deleted meanwhile. */
    async finishCheck(
      id: number,
      end: { state: Exclude<AiModelState, 'checking'>; errorKey?: string; evaluation?: AiModelEvaluation },
    ) {
      const result = await db
        .updateTable('ai_models')
        .set({
          state: end.state,
          error_key: end.errorKey ?? null,
          evaluation: end.evaluation ? JSON.stringify(end.evaluation) : null,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Deletes a model no team or project has chosen and no queued or running screening uses; undefined when it is in
     * use (or gone).
     */
    removeModel(id: number) {
      return db
        .deleteFrom('ai_models')
        .where('id', '=', id)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('ai_model_choices').select('id').where('model_id', '=', id))),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('ai_screenings')
                .select('inspection_id')
                .where('ai_model_id', '=', id)
                .where('state', 'in', [...AI_BUSY_STATES]),
            ),
          ),
        )
        .returning(['model_key', 'sidecar_key', 'size_bytes', 'team_id'])
        .executeTakeFirst();
    },

    /** Every choice of the team's models: the team's own (no project) and its projects'. */
    choicesOf(teamId: number) {
      return db
        .selectFrom('ai_model_choices')
        .select(['project_id', 'model_id'])
        .where('team_id', '=', teamId)
        .execute();
    },

    /**
     * The model screening uses for the project: its own choice, else its team's; a model of another team (the
     * project was handed over) does not count.
     */
    modelForProject(projectId: number) {
      return (
        db
          .selectFrom('projects as p')
          .innerJoin('ai_model_choices as c', (join) =>
            join
              .onRef('c.team_id', '=', 'p.team_id')
              .on((eb) => eb.or([eb('c.project_id', '=', eb.ref('p.id')), eb('c.project_id', 'is', null)])),
          )
          .innerJoin('ai_models as m', (join) =>
            join.onRef('m.id', '=', 'c.model_id').onRef('m.team_id', '=', 'p.team_id'),
          )
          .select(['m.id', 'm.name', 'm.model_key', 'm.sidecar_key', 'c.project_id'])
          .where('p.id', '=', projectId)
          .where('m.state', '=', 'ready')
          // The project's own choice first.
          .orderBy(sql`c.project_id is null`)
          .limit(1)
          .executeTakeFirst()
      );
    },

    /** Sets (a model id) or clears (null) the team's choice or one project's. */
    async choose(scope: { teamId: number; projectId: number | null }, modelId: number | null) {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('ai_model_choices')
          .where('team_id', '=', scope.teamId)
          .where((eb) =>
            scope.projectId === null ? eb('project_id', 'is', null) : eb('project_id', '=', scope.projectId),
          )
          .execute();
        if (modelId !== null) {
          await trx
            .insertInto('ai_model_choices')
            .values({ team_id: scope.teamId, project_id: scope.projectId, model_id: modelId })
            .execute();
        }
      });
    },

    /**
     * The inspection's photos a training set holds: those reviewed after screening and those with defects drawn by
     * hand, each with its remaining defects (AI ones only on reviewed photos) and their built-in type code.
     */
    async trainingPhotos(scope: { inspectionIds: readonly number[] } | { teamId: number; heldBackLimit: number }) {
      let photos = db
        .selectFrom('inspection_images as img')
        .innerJoin('inspections as i', 'i.id', 'img.inspection_id')
        .leftJoin('ai_screening_images as s', 's.image_id', 'img.id')
        .select(['img.id', 'img.name', 'img.storage_key', 's.reviewed'])
        .where('i.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('s.reviewed', '=', true),
            eb.exists(
              eb
                .selectFrom('defects as d')
                .select('d.id')
                .whereRef('d.image_id', '=', 'img.id')
                .where('d.source', '=', 'manual'),
            ),
          ]),
        );
      if ('inspectionIds' in scope) {
        photos = photos.where('img.inspection_id', 'in', [...scope.inspectionIds]);
      } else {
        // Held back as isHeldBackPhoto (packages/shared) says, in SQL to page through the team's photos.
        photos = photos
          .innerJoin('projects as p', 'p.id', 'i.project_id')
          .where('p.team_id', '=', scope.teamId)
          .where('p.deleted_at', 'is', null)
          .where(sql<boolean>`img.id % 5 = 0`)
          .limit(scope.heldBackLimit);
      }
      const rows = await photos.orderBy('img.id').execute();
      if (rows.length === 0) return [];
      const defects = await db
        .selectFrom('defects as d')
        .innerJoin('defect_types as t', 't.id', 'd.type_id')
        .select(['d.image_id', 'd.source', 'd.shape_kind', 'd.points', 'd.width_px', 't.code'])
        .where(
          'd.image_id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      return rows.map((row) => ({
        ...row,
        reviewed: row.reviewed ?? false,
        defects: defects.filter(
          (defect) => defect.image_id === row.id && (defect.source === 'manual' || row.reviewed === true),
        ),
      }));
    },

    insertTrainingSet(values: {
      projectId: number;
      inspectionId: number;
      name: string;
      storageKey: (id: number) => string;
      createdBy: number;
    }) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('ai_training_sets')
          .values({
            project_id: values.projectId,
            inspection_id: values.inspectionId,
            name: values.name,
            state: 'generating',
            storage_key: '',
            created_by: values.createdBy,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .updateTable('ai_training_sets')
          .set({ storage_key: values.storageKey(id) })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    findTrainingSet(id: number): Promise<AiTrainingSetRow | undefined> {
      return db
        .selectFrom('ai_training_sets as x')
        .innerJoin('inspections as i', 'i.id', 'x.inspection_id')
        .selectAll('x')
        .where('i.deleted_at', 'is', null)
        .where('x.id', '=', id)
        .executeTakeFirst();
    },

    trainingSets(inspectionId: number): Promise<AiTrainingSetRow[]> {
      return db
        .selectFrom('ai_training_sets')
        .selectAll()
        .where('inspection_id', '=', inspectionId)
        .orderBy('id', 'desc')
        .execute();
    },

    setTrainingSetProgress(id: number, progress: number) {
      return db
        .updateTable('ai_training_sets')
        .set({ progress })
        .where('id', '=', id)
        .where('state', '=', 'generating')
        .execute();
    },

    /**
     * Ends a generating set inside `trx` (`quota.endAndCount`, which counts a done set's zip against its project's
     * team in the same transaction); undefined when it was deleted (or ended) meanwhile.
     */
    async finishTrainingSet(
      trx: Kysely<Database>,
      id: number,
      end: TrainingSetEnd,
    ): Promise<EndedFileRecord | undefined> {
      const ended = await trx
        .updateTable('ai_training_sets as t')
        .from('projects as p')
        .set({
          state: end.state,
          progress: 1,
          size_bytes: end.sizeBytes ?? null,
          photo_count: end.photoCount ?? 0,
          held_back_count: end.heldBackCount ?? 0,
          error_key: end.errorKey ?? null,
          finished_at: new Date(),
        })
        .whereRef('p.id', '=', 't.project_id')
        .where('t.id', '=', id)
        .where('t.state', '=', 'generating')
        .returning('p.team_id')
        .executeTakeFirst();
      return ended && { teamId: ended.team_id, fileBytes: end.state === 'done' ? (end.sizeBytes ?? 0) : null };
    },

    /** Deletes the set; answers the bytes its file held, or undefined when gone. */
    async removeTrainingSet(id: number): Promise<number | undefined> {
      const row = await db
        .deleteFrom('ai_training_sets')
        .where('id', '=', id)
        .returning('size_bytes')
        .executeTakeFirst();
      return row && Number(row.size_bytes ?? 0);
    },

    async teamOfProject(projectId: number): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select('team_id')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      return row.team_id;
    },
  };
}

export type AiModelRepo = ReturnType<typeof createAiModelRepo>;
