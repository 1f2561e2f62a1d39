import { randomBytes } from 'node:crypto';
import {
  AppError,
  KEY_DEFECT_HISTORY_FIELDS,
  KEY_DEFECT_SCREEN_RANGE_MIN_PX,
  KEY_DEFECT_SCREENSHOT_NAME_PATTERN,
  type CallBodyOf,
  type KeyDefect,
  type KeyDefectHistoryEntry,
  type keyDefectCalls,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { fieldError } from '../../platform/http/field-error.js';
import { storedFile, type StoredFile } from '../../platform/http/stored-file.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { imageTypeOf } from '../../platform/storage/image-type.js';
import type { DiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { QuotaService } from '../team/quota.service.js';
import type { KeyDefectRepo, KeyDefectRow, KeyDefectValues } from './key-defect.repo.js';

type CreateBody = CallBodyOf<typeof keyDefectCalls.create>;
type UpdateBody = CallBodyOf<typeof keyDefectCalls.update>;
type HistoryField = (typeof KEY_DEFECT_HISTORY_FIELDS)[number];

export interface KeyDefectServiceDeps {
  repo: KeyDefectRepo;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require'>;
  config: Pick<DiseaseFilterRepo, 'usableTypeIds'>;
  quota: Pick<QuotaService, 'reserve' | 'release'>;
  blobs: BlobStore;
}

/** An uploaded screenshot no key defect took within this time is freed (its blob, and its bytes on the quota). */
export const UNUSED_SCREENSHOT_MAX_AGE_MS = 24 * 3600 * 1000;

/** The folder of an inspection's screenshots on the file route (one signed link opens them all). */
export const screenshotFolder = (inspectionId: number) => `/api/files/key-defects/${inspectionId}/`;

const screenshotKey = (place: { teamId: number; projectId: number; inspectionId: number }, name: string) =>
  `teams/${place.teamId}/projects/${place.projectId}/inspections/${place.inspectionId}/key-defects/${name}`;

/** A key defect's recorded fields, as the API names them (the history's before and after). */
function recorded(values: KeyDefectValues): Record<HistoryField, unknown> {
  return {
    name: values.name,
    typeId: values.type_id,
    level: values.level,
    description: values.description,
    graph: { kind: values.shape_kind, positions: values.positions },
    screenshot: values.screenshot,
    defectId: values.defect_id,
  };
}

function present(row: KeyDefectRow): KeyDefect {
  return {
    id: row.id,
    projectId: row.project_id,
    inspectionId: row.inspection_id,
    name: row.name,
    typeId: row.type_id,
    level: row.level,
    description: row.description,
    graph: { kind: row.shape_kind, positions: row.positions },
    screenshot: row.screenshot,
    screenshotUrl: `${screenshotFolder(row.inspection_id)}${row.screenshot}`,
    defectId: row.defect_id,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    updatedBy: row.updated_by,
    updatedByName: row.updated_by_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** SPEC section 5: a drawn graph too small on its screenshot asks to confirm; the web sends `confirmSmall` then. */
function checkScreenRange(range: { width: number; height: number }, confirmSmall: boolean) {
  const size = Math.round(Math.max(range.width, range.height));
  if (size < KEY_DEFECT_SCREEN_RANGE_MIN_PX && !confirmSmall) {
    throw new AppError('KEY_DEFECT_SCREEN_RANGE_SMALL', {
      params: { size, min: KEY_DEFECT_SCREEN_RANGE_MIN_PX },
      data: { size, min: KEY_DEFECT_SCREEN_RANGE_MIN_PX },
    });
  }
}

/**
 * Key (important) defects (SPEC sections 2, 3, 5 and 7): drawn on the model with a screenshot, created one by one or
 * in a batch, edited, deleted, each change kept in their history. The screenshot is uploaded first (a PNG by its
 * bytes, counted on the team's quota) into the inspection's folder, then named by the create or update.
 */
export function createKeyDefectService(deps: KeyDefectServiceDeps) {
  const { repo, access, blobs, quota } = deps;
  const requireInspection = inspectionGuard(deps.inspections, access);

  async function requireKeyDefects(auth: AuthContext, ids: readonly number[], change: boolean) {
    const unique = [...new Set(ids)];
    const rows = await repo.findMany(unique);
    if (rows.length !== unique.length) throw new AppError('KEY_DEFECT_NOT_EXISTING');
    const teams = new Map<number, number>();
    for (const projectId of new Set(rows.map((row) => row.project_id))) {
      teams.set(projectId, (await access.require(auth, projectId, { change })).team_id);
    }
    return { rows, teamOf: (row: KeyDefectRow) => teams.get(row.project_id)! };
  }

  /**
   * An uploaded screenshot of the inspection that no key defect holds yet: its key and size. The transaction storing
   * the key defect takes it (`take`), as another may have taken it, or the collector claimed it, since.
   */
  async function screenshotOf(inspectionId: number, name: string, path = 'screenshot') {
    const unused = KEY_DEFECT_SCREENSHOT_NAME_PATTERN.test(name)
      ? await repo.unusedScreenshot(inspectionId, name)
      : undefined;
    if (!unused || !(await blobs.stat(unused.storage_key))) throw fieldError(path, 'invalidValue');
    return {
      values: { screenshot: name, screenshot_key: unused.storage_key, screenshot_bytes: unused.size_bytes },
      take: async (q: Pick<KeyDefectRepo, 'takeScreenshot'>) => {
        if (!(await q.takeScreenshot(inspectionId, name))) throw fieldError(path, 'invalidValue');
      },
    };
  }

  async function checkType(projectId: number, typeId: number) {
    if (!(await deps.config.usableTypeIds(projectId, [typeId])).has(typeId)) {
      throw new AppError('DISEASE_TYPE_NOT_EXISTING');
    }
  }

  async function checkDefect(defectId: number | null | undefined, inspectionId: number) {
    if (defectId !== null && defectId !== undefined && !(await repo.defectOfInspection(defectId, inspectionId))) {
      throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
    }
  }

  /** A create's values, checked: the caller may change the inspection, the type and defect are of it. */
  async function prepare(auth: AuthContext, body: CreateBody, path = '') {
    const { inspection, project } = await requireInspection(auth, body.inspectionId, { change: true });
    checkScreenRange(body.screenRange, body.confirmSmall);
    await checkType(project.id, body.typeId);
    await checkDefect(body.defectId, inspection.id);
    const screenshot = await screenshotOf(inspection.id, body.screenshot, `${path}screenshot`);
    const values: KeyDefectValues = {
      name: body.name,
      type_id: body.typeId,
      level: body.level,
      description: body.description,
      shape_kind: body.graph.kind,
      positions: body.graph.positions,
      ...screenshot.values,
      defect_id: body.defectId ?? null,
    };
    return {
      place: { projectId: project.id, inspectionId: inspection.id, userId: auth.userId },
      values,
      take: screenshot.take,
    };
  }

  async function insertAll(prepared: Array<Awaited<ReturnType<typeof prepare>>>) {
    const ids = await repo.transaction(async (q) => {
      const made: number[] = [];
      for (const { place, values, take } of prepared) {
        await take(q);
        const id = await q.insert(place, values);
        const changes = Object.fromEntries(
          Object.entries(recorded(values)).map(([field, to]) => [field, { from: null, to }]),
        );
        await q.record({ keyDefectId: id, inspectionId: place.inspectionId, userId: place.userId }, 'create', changes);
        made.push(id);
      }
      return made;
    });
    return (await repo.findMany(ids)).map(present);
  }

  /** Frees screenshots no key defect holds any more: their blobs, and their bytes on their teams' quotas. */
  async function freeScreenshots(freed: ReadonlyArray<{ teamId: number; key: string; bytes: number }>) {
    for (const { teamId, key, bytes } of freed) {
      await blobs.delete(key);
      await quota.release(teamId, bytes);
    }
  }

  return {
    /**
     * Stores a screenshot (a PNG by its bytes) in the inspection's folder, counted on the team's quota. It is recorded
     * before it is stored, so that one no key defect ever takes is freed (`createUnusedScreenshotCollector`) even if the
     * process stops between the two.
     */
    async uploadScreenshot(auth: AuthContext, inspectionId: number, data: Buffer) {
      const { inspection, project } = await requireInspection(auth, inspectionId, { change: true });
      if (imageTypeOf(data) !== 'png') throw new AppError('FILE_TYPE_ERROR', { params: { types: 'PNG' } });
      const name = `kd-${randomBytes(12).toString('hex')}.png`;
      const key = screenshotKey({ teamId: project.team_id, projectId: project.id, inspectionId: inspection.id }, name);
      await quota.reserve(project.team_id, data.length);
      try {
        await repo.recordScreenshot({ inspectionId: inspection.id, name, key, bytes: data.length });
      } catch (error) {
        await quota.release(project.team_id, data.length);
        throw error;
      }
      try {
        await blobs.put(key, data);
      } catch (error) {
        await repo.forgetScreenshot(name);
        await quota.release(project.team_id, data.length);
        throw error;
      }
      return { screenshot: name };
    },

    async create(auth: AuthContext, body: CreateBody): Promise<KeyDefect> {
      return (await insertAll([await prepare(auth, body)]))[0]!;
    },

    /** Creates every item or none: each is checked before any is stored. */
    async createMany(auth: AuthContext, items: readonly CreateBody[]): Promise<KeyDefect[]> {
      const names = items.map((item) => item.screenshot);
      const repeated = names.findIndex((name, index) => names.indexOf(name) !== index);
      if (repeated >= 0) throw fieldError(`items.${repeated}.screenshot`, 'invalidValue');
      const prepared = [];
      for (const [index, item] of items.entries()) prepared.push(await prepare(auth, item, `items.${index}.`));
      return insertAll(prepared);
    },

    async update(auth: AuthContext, body: UpdateBody): Promise<KeyDefect> {
      const { rows, teamOf } = await requireKeyDefects(auth, [body.id], true);
      const row = rows[0]!;
      const before: KeyDefectValues = {
        name: row.name,
        type_id: row.type_id,
        level: row.level,
        description: row.description,
        shape_kind: row.shape_kind,
        positions: row.positions,
        screenshot: row.screenshot,
        screenshot_key: row.screenshot_key,
        screenshot_bytes: row.screenshot_bytes,
        defect_id: row.defect_id,
      };
      if (body.screenRange) checkScreenRange(body.screenRange, body.confirmSmall);
      if (body.typeId !== undefined) await checkType(row.project_id, body.typeId);
      await checkDefect(body.defectId, row.inspection_id);
      const place = { teamId: teamOf(row), projectId: row.project_id, inspectionId: row.inspection_id };
      const screenshot =
        body.screenshot && body.screenshot !== row.screenshot
          ? await screenshotOf(row.inspection_id, body.screenshot)
          : null;
      const after: KeyDefectValues = {
        ...before,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.typeId !== undefined ? { type_id: body.typeId } : {}),
        ...(body.level !== undefined ? { level: body.level } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.graph ? { shape_kind: body.graph.kind, positions: body.graph.positions } : {}),
        ...(screenshot?.values ?? {}),
        ...(body.defectId !== undefined ? { defect_id: body.defectId } : {}),
      };
      const [from, to] = [recorded(before), recorded(after)];
      const changes = Object.fromEntries(
        KEY_DEFECT_HISTORY_FIELDS.filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field])).map(
          (field) => [field, { from: from[field], to: to[field] }],
        ),
      );
      if (Object.keys(changes).length > 0) {
        await repo.transaction(async (q) => {
          if (screenshot) await screenshot.take(q);
          await q.update(row.id, after, auth.userId);
          await q.record(
            { keyDefectId: row.id, inspectionId: row.inspection_id, userId: auth.userId },
            'update',
            changes,
          );
        });
        if (screenshot) {
          await freeScreenshots([{ teamId: place.teamId, key: row.screenshot_key, bytes: row.screenshot_bytes }]);
        }
      }
      return present((await repo.find(row.id))!);
    },

    async removeMany(auth: AuthContext, ids: readonly number[]) {
      const { rows, teamOf } = await requireKeyDefects(auth, ids, true);
      const removed = await repo.transaction(async (q) => {
        for (const row of rows) {
          const changes = Object.fromEntries(
            Object.entries(recorded({ ...row, positions: row.positions })).map(([field, value]) => [
              field,
              { from: value, to: null },
            ]),
          );
          await q.record(
            { keyDefectId: row.id, inspectionId: row.inspection_id, userId: auth.userId },
            'delete',
            changes,
          );
        }
        return q.remove(rows.map((row) => row.id));
      });
      const teamOfId = new Map(rows.map((row) => [row.id, teamOf(row)]));
      await freeScreenshots(
        removed.map((row) => ({ teamId: teamOfId.get(row.id)!, key: row.screenshot_key, bytes: row.screenshot_bytes })),
      );
      return { count: removed.length };
    },

    async get(auth: AuthContext, id: number): Promise<KeyDefect> {
      const { rows } = await requireKeyDefects(auth, [id], false);
      return present(rows[0]!);
    },

    /** Newest first; a deleted key defect's history stays readable to those who see its inspection. */
    async history(auth: AuthContext, body: CallBodyOf<typeof keyDefectCalls.history>) {
      const inspectionId = (await repo.find(body.id))?.inspection_id ?? (await repo.inspectionOf(body.id));
      if (inspectionId === undefined) throw new AppError('KEY_DEFECT_NOT_EXISTING');
      await requireInspection(auth, inspectionId);
      const found = await repo.history(body.id, {
        offset: (body.pageNum - 1) * body.pageSize,
        limit: body.pageSize,
      });
      return {
        records: found.records.map((row): KeyDefectHistoryEntry => ({
          id: row.id,
          keyDefectId: row.key_defect_id,
          action: row.action,
          changes: row.changes,
          userId: row.user_id,
          userName: row.user_name,
          createdAt: row.created_at.toISOString(),
        })),
        total: found.total,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
      };
    },

    /** The inspection's key defects for the 3D view and the list, with their screenshots' folder. */
    async coordinates(auth: AuthContext, inspectionId: number) {
      const { inspection } = await requireInspection(auth, inspectionId);
      return {
        records: (await repo.ofInspection(inspection.id)).map(present),
        screenshotFolder: screenshotFolder(inspection.id),
      };
    },

    /** A screenshot held by a key defect of the inspection, for those who see it. */
    async screenshotFile(auth: AuthContext, params: { inspectionId: number; name: string }): Promise<StoredFile> {
      const { inspection } = await requireInspection(auth, params.inspectionId);
      const row = (await repo.ofInspection(inspection.id)).find((candidate) => candidate.screenshot === params.name);
      const file = row ? await storedFile(blobs, row.screenshot_key, 'image/png') : null;
      if (!file) throw new AppError('notFound');
      return file;
    },
  };
}

export type KeyDefectService = ReturnType<typeof createKeyDefectService>;

/**
 * Frees the screenshots uploaded more than `UNUSED_SCREENSHOT_MAX_AGE_MS` ago that no key defect took: each is claimed
 * first (no key defect can take it any more), its blob deleted, then its record dropped with its bytes released to the
 * team now owning its inspection in one transaction: whoever drops the row releases the bytes, so two collectors at
 * once, or one interrupted and run again, release each once.
 */
export function createUnusedScreenshotCollector(deps: Pick<KeyDefectServiceDeps, 'repo' | 'blobs' | 'quota'>) {
  const { repo, blobs, quota } = deps;
  return {
    async collect(): Promise<{ screenshots: number; bytes: number }> {
      const claimed = await repo.claimUnusedScreenshots(new Date(Date.now() - UNUSED_SCREENSHOT_MAX_AGE_MS));
      let screenshots = 0;
      let bytes = 0;
      for (const { id, storage_key } of claimed) {
        await blobs.delete(storage_key);
        const dropped = await repo.transaction(async (q, trx) => {
          const row = await q.dropClaimedScreenshot(id);
          if (row && row.teamId !== null) await quota.release(row.teamId, row.bytes, { transaction: trx });
          return row;
        });
        if (!dropped) continue;
        screenshots += 1;
        bytes += dropped.bytes;
      }
      return { screenshots, bytes };
    },
  };
}

export type UnusedScreenshotCollector = ReturnType<typeof createUnusedScreenshotCollector>;
