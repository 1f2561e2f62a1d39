import { sql, type Kysely, type Selectable } from 'kysely';
import type { CameraView, ModelClip, ModelParameter } from '@sightline/shared';
import type { Database, ProjectModelsTable, ProjectModelUploadsTable } from '../../platform/db/schema.js';

export type ProjectModelRow = Selectable<ProjectModelsTable>;
export type ModelUploadRow = Selectable<ProjectModelUploadsTable>;

const json = (value: unknown) => JSON.stringify(value);

/** The bytes a model row counts against its team: the served version and a zip waiting for its unzip. */
export function storedModelBytes(
  model: Pick<ProjectModelRow, 'size_bytes' | 'pending_zip_bytes' | 'pending_extract_bytes'>,
): number {
  return Number(model.size_bytes) + Number(model.pending_zip_bytes) + Number(model.pending_extract_bytes);
}

/** SQL of the model and its upload lock, bound to a database or to a transaction. */
function modelQueries(db: Kysely<Database>) {
  return {
    findModel(projectId: number) {
      return db.selectFrom('project_models').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    },

    /** The model with the name of who uploaded it. */
    findModelView(projectId: number) {
      return db
        .selectFrom('project_models as m')
        .leftJoin('users as u', 'u.id', 'm.uploaded_by')
        .selectAll('m')
        .select('u.name as uploaded_by_name')
        .where('m.project_id', '=', projectId)
        .executeTakeFirst();
    },

    /**
     * Locks the project row (shared) for a change of the model's stored bytes and reads its team and
     * status. The handover sets 'moving' before it counts the model, so a change holding this lock either
     * commits before the count or sees 'moving' and stops.
     */
    lockProject(projectId: number) {
      return db
        .selectFrom('projects')
        .select(['team_id', 'status'])
        .where('id', '=', projectId)
        .forShare()
        .executeTakeFirst();
    },

    /** Marks the model as being uploaded, creating its row for a first upload. */
    async markUploading(model: { projectId: number; teamId: number; storageKey: string }) {
      await db
        .insertInto('project_models')
        .values({
          project_id: model.projectId,
          team_id: model.teamId,
          storage_key: model.storageKey,
          state: 'uploading',
        })
        .onConflict((conflict) =>
          conflict.column('project_id').doUpdateSet({ state: 'uploading', updated_at: sql<Date>`now()` }),
        )
        .execute();
    },

    /**
     * Ends the 'uploading' state of an upload that did not complete: back to what the model was (failed
     * with its pending zip, or done), and gone if nothing was ever unzipped.
     */
    async endUploading(projectId: number) {
      await db
        .deleteFrom('project_models')
        .where('project_id', '=', projectId)
        .where('state', '=', 'uploading')
        .where('version', 'is', null)
        .where('pending_upload_id', 'is', null)
        .execute();
      await db
        .updateTable('project_models')
        .set({ state: sql`case when pending_upload_id is not null then 'failed' else 'done' end` })
        .where('project_id', '=', projectId)
        .where('state', '=', 'uploading')
        .execute();
    },

    /** Records an uploaded zip as waiting for its unzip; returns the zip it replaces, if any. */
    async setPendingUnzip(input: {
      projectId: number;
      uploadId: string;
      fileName: string;
      zipBytes: number;
      extractBytes: number;
      uploadedBy: number;
    }) {
      const previous = await db
        .selectFrom('project_models')
        .select(['pending_upload_id', 'pending_zip_bytes', 'pending_extract_bytes', 'version', 'pending_version'])
        .where('project_id', '=', input.projectId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const version = Math.max(previous.version ?? 0, previous.pending_version ?? 0) + 1;
      await db
        .updateTable('project_models')
        .set({
          state: 'unzipping',
          error_key: null,
          pending_upload_id: input.uploadId,
          pending_version: version,
          pending_file_name: input.fileName,
          pending_zip_bytes: input.zipBytes,
          pending_extract_bytes: input.extractBytes,
          uploaded_by: input.uploadedBy,
          updated_at: new Date(),
        })
        .where('project_id', '=', input.projectId)
        .execute();
      return { version, replaced: previous.pending_upload_id === null ? null : previous };
    },

    /** Starts the unzip of the pending zip again after a failure, with its extraction reserved again. */
    async restartUnzip(projectId: number, uploadId: string, extractBytes: number) {
      const row = await db
        .updateTable('project_models')
        .set({ state: 'unzipping', error_key: null, pending_extract_bytes: extractBytes, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .where('pending_upload_id', '=', uploadId)
        .where('state', '=', 'failed')
        .returning('pending_version')
        .executeTakeFirst();
      return row?.pending_version ?? null;
    },

    setUnzipJob(projectId: number, jobId: string) {
      return db
        .updateTable('project_models')
        .set({ unzip_job_id: jobId })
        .where('project_id', '=', projectId)
        .execute();
    },

    /**
     * Serves the unzipped version: the pending zip becomes the model, adjustments start over from the
     * position the project had. Returns what it replaced (to free), or undefined if the upload is no
     * longer the pending one (deleted or replaced meanwhile).
     */
    async completeUnzip(input: {
      projectId: number;
      uploadId: string;
      version: number;
      tilesetPath: string;
      sizeBytes: number;
      fileCount: number;
    }) {
      const before = await db
        .selectFrom('project_models as m')
        .innerJoin('projects as p', 'p.id', 'm.project_id')
        .select(['m.version', 'm.size_bytes', 'm.pending_zip_bytes', 'm.pending_file_name', 'p.default_view'])
        .where('m.project_id', '=', input.projectId)
        .where('m.pending_upload_id', '=', input.uploadId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return undefined;
      const position = before.default_view === null ? null : json(before.default_view);
      await db
        .updateTable('project_models')
        .set({
          state: 'done',
          error_key: null,
          version: input.version,
          tileset_path: input.tilesetPath,
          size_bytes: input.sizeBytes,
          file_count: input.fileCount,
          file_name: before.pending_file_name,
          pending_upload_id: null,
          pending_version: null,
          pending_file_name: null,
          pending_zip_bytes: 0,
          pending_extract_bytes: 0,
          parameter: json({}),
          initial_parameter: json({}),
          position,
          initial_position: position,
          clip: null,
          updated_at: new Date(),
        })
        .where('project_id', '=', input.projectId)
        .execute();
      return {
        version: before.version,
        sizeBytes: Number(before.size_bytes),
        zipBytes: Number(before.pending_zip_bytes),
      };
    },

    /** Marks the unzip of the pending zip failed; returns the extraction bytes it no longer needs. */
    async failUnzip(projectId: number, uploadId: string, errorKey: string) {
      const before = await db
        .selectFrom('project_models')
        .select('pending_extract_bytes')
        .where('project_id', '=', projectId)
        .where('pending_upload_id', '=', uploadId)
        .where('state', '=', 'unzipping')
        .forUpdate()
        .executeTakeFirst();
      if (!before) return 0;
      await db
        .updateTable('project_models')
        .set({ state: 'failed', error_key: errorKey, pending_extract_bytes: 0, updated_at: new Date() })
        .where('project_id', '=', projectId)
        .execute();
      return Number(before.pending_extract_bytes);
    },

    /** Forgets a pending zip whose file is gone; returns the bytes it held. */
    async dropPending(projectId: number, uploadId: string) {
      const row = await db
        .selectFrom('project_models')
        .select(['pending_zip_bytes', 'pending_extract_bytes'])
        .where('project_id', '=', projectId)
        .where('pending_upload_id', '=', uploadId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return 0;
      await db.deleteFrom('project_models').where('project_id', '=', projectId).where('version', 'is', null).execute();
      await db
        .updateTable('project_models')
        .set({
          state: 'done',
          error_key: null,
          pending_upload_id: null,
          pending_version: null,
          pending_file_name: null,
          pending_zip_bytes: 0,
          pending_extract_bytes: 0,
        })
        .where('project_id', '=', projectId)
        .execute();
      return Number(row.pending_zip_bytes) + Number(row.pending_extract_bytes);
    },

    updateAdjustments(
      projectId: number,
      change: { parameter?: ModelParameter; position?: CameraView | null; clip?: ModelClip | null },
    ) {
      return db
        .updateTable('project_models')
        .set({
          ...(change.parameter !== undefined ? { parameter: json(change.parameter) } : {}),
          ...(change.position !== undefined
            ? { position: change.position === null ? null : json(change.position) }
            : {}),
          ...(change.clip !== undefined ? { clip: change.clip === null ? null : json(change.clip) } : {}),
          updated_at: new Date(),
        })
        .where('project_id', '=', projectId)
        .execute();
    },

    /** The model's position is the project's default view: both change together. */
    setProjectDefaultView(projectId: number, view: CameraView | null) {
      return db
        .updateTable('projects')
        .set({ default_view: view === null ? null : json(view), updated_at: new Date() })
        .where('id', '=', projectId)
        .execute();
    },

    /** Counts the model against another team (the project's handover). */
    moveToTeam(projectId: number, teamId: number) {
      return db.updateTable('project_models').set({ team_id: teamId }).where('project_id', '=', projectId).execute();
    },

    deleteModel(projectId: number) {
      return db.deleteFrom('project_models').where('project_id', '=', projectId).returningAll().executeTakeFirst();
    },

    listModelFiles() {
      return db
        .selectFrom('project_models')
        .select(['project_id', 'storage_key', 'state', 'version', 'pending_version', 'pending_upload_id'])
        .execute();
    },

    findUpload(projectId: number) {
      return db.selectFrom('project_model_uploads').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    },

    findUploadById(uploadId: string) {
      return db.selectFrom('project_model_uploads').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
    },

    findUploader(projectId: number) {
      return db
        .selectFrom('project_model_uploads as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select(['l.user_id', 'u.name', 'l.file_name', 'l.size_bytes', 'l.created_at', 'l.last_activity_at'])
        .where('l.project_id', '=', projectId)
        .executeTakeFirst();
    },

    /** Takes the project's upload lock; false when another upload holds it. */
    async insertUpload(upload: {
      projectId: number;
      uploadId: string;
      userId: number;
      teamId: number;
      fileName: string;
      sizeBytes: number;
      reservedBytes: number;
      created: boolean;
    }) {
      const row = await db
        .insertInto('project_model_uploads')
        .values({
          project_id: upload.projectId,
          upload_id: upload.uploadId,
          user_id: upload.userId,
          team_id: upload.teamId,
          file_name: upload.fileName,
          size_bytes: upload.sizeBytes,
          reserved_bytes: upload.reservedBytes,
          created: upload.created,
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('upload_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    updateUpload(
      uploadId: string,
      change: { sizeBytes: number; reservedBytes: number; created: boolean; fileName: string },
    ) {
      return db
        .updateTable('project_model_uploads')
        .set({
          size_bytes: change.sizeBytes,
          reserved_bytes: change.reservedBytes,
          created: change.created,
          file_name: change.fileName,
          last_activity_at: new Date(),
        })
        .where('upload_id', '=', uploadId)
        .execute();
    },

    touchUpload(uploadId: string) {
      return db
        .updateTable('project_model_uploads')
        .set({ last_activity_at: new Date() })
        .where('upload_id', '=', uploadId)
        .execute();
    },

    /** Releases the lock; returns it (with the bytes it reserved) if this call removed it. */
    deleteUpload(uploadId: string) {
      return db.deleteFrom('project_model_uploads').where('upload_id', '=', uploadId).returningAll().executeTakeFirst();
    },

    listUserUploads(userId: number, projectId?: number) {
      let query = db.selectFrom('project_model_uploads').selectAll().where('user_id', '=', userId);
      if (projectId !== undefined) query = query.where('project_id', '=', projectId);
      return query.execute();
    },

    listIdleUploads(idleSince: Date) {
      return db.selectFrom('project_model_uploads').selectAll().where('last_activity_at', '<', idleSince).execute();
    },

    listUploadIds() {
      return db.selectFrom('project_model_uploads').select('upload_id').execute();
    },
  };
}

export type ProjectModelQueries = ReturnType<typeof modelQueries>;

export function createProjectModelRepo(db: Kysely<Database>) {
  return {
    ...modelQueries(db),
    /** Runs `work` in one transaction: queries bound to it, and the transaction (for enqueueing a job). */
    transaction<T>(work: (repo: ProjectModelQueries, trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(modelQueries(trx), trx));
    },
  };
}

export type ProjectModelRepo = ReturnType<typeof createProjectModelRepo>;
