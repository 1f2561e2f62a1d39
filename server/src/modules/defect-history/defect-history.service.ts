import type { FastifyBaseLogger } from 'fastify';
import {
  matchDefectHistory,
  sizeChange,
  wgs84,
  wgs84ToEcef,
  ecefDistance,
  type HistoryCandidate,
} from '@sightline/geo';
import {
  AppError,
  DEFECT_HISTORY_EVENT,
  HISTORY_CHANGE_KINDS,
  HISTORY_CHANGE_TOLERANCE,
  HISTORY_DISTANCE_M,
  type ErrorKey,
  type HistoryChain,
  type HistoryChangeKind,
  type HistoryCount,
  type HistoryDefect,
  type HistoryMatchingStatus,
  type HistoryRelation,
  type HistoryTotal,
  type Page,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { projectEventSender } from '../../platform/events/project-events.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import { code } from '../defect/defect.service.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { DefectHistoryRepo, HistoryDefectRow, LinkInsert } from './defect-history.repo.js';

/** The durable matching of an inspection's defects to its previous inspection's. */
export const HISTORY_MATCHING_JOB = 'defect.match-history';
/** Links written per transaction (and per progress message). */
const BATCH = 500;
const SETTLED = ['uncalculated', 'cancelled', 'done', 'failed'] as const;
const LIVE = ['queued', 'running'] as const;

type LinkRow = Awaited<ReturnType<DefectHistoryRepo['linksOf']>>[number];

/** Lines match lines and areas areas (a rectangle is an area). */
const shapeOf = (row: Pick<HistoryDefectRow, 'shape_kind'>) => (row.shape_kind === 'polyline' ? 'line' : 'area');

function placeOf(row: HistoryDefectRow) {
  if (row.location_state !== 'located' || row.lon === null || row.lat === null || row.height === null) return null;
  return wgs84ToEcef(wgs84(row.lon, row.lat, row.height));
}

const sizesOf = (row: HistoryDefectRow) => ({ lengthM: row.length_m, widthMm: row.width_mm, areaM2: row.area_m2 });

function candidate(row: HistoryDefectRow): HistoryCandidate {
  return { id: row.id, typeId: row.type_id, shape: shapeOf(row), position: placeOf(row), ...sizesOf(row) };
}

function presentDefect(row: HistoryDefectRow): HistoryDefect {
  return {
    id: row.id,
    code: code(row.number),
    inspectionId: row.inspection_id,
    imageId: row.image_id,
    imageName: row.image_name,
    typeId: row.type_id,
    level: row.level,
    shapeKind: row.shape_kind,
    size: sizesOf(row),
    position:
      row.lon !== null && row.lat !== null && row.height !== null
        ? { lon: row.lon, lat: row.lat, height: row.height }
        : null,
  };
}

function deltaOf(link: LinkRow) {
  if (link.previous_defect_id === null) return null;
  return { lengthM: link.delta_length_m, widthMm: link.delta_width_mm, areaM2: link.delta_area_m2 };
}

/** The link of a pair as matched now (a person's when `createdBy` is given). */
function pairLink(
  inspectionId: number,
  current: HistoryDefectRow,
  previous: HistoryDefectRow,
  distanceM: number | null,
  createdBy: number | null,
): LinkInsert {
  const change = sizeChange(shapeOf(current), sizesOf(current), sizesOf(previous), HISTORY_CHANGE_TOLERANCE);
  return {
    defect_id: current.id,
    inspection_id: inspectionId,
    previous_defect_id: previous.id,
    change_kind: change.kind,
    delta_length_m: change.delta.lengthM,
    delta_width_mm: change.delta.widthMm,
    delta_area_m2: change.delta.areaM2,
    distance_m: distanceM,
    manual: createdBy !== null,
    created_by: createdBy,
  };
}

function newLink(inspectionId: number, defectId: number, createdBy: number | null): LinkInsert {
  return {
    defect_id: defectId,
    inspection_id: inspectionId,
    previous_defect_id: null,
    change_kind: 'new',
    delta_length_m: null,
    delta_width_mm: null,
    delta_area_m2: null,
    distance_m: null,
    manual: createdBy !== null,
    created_by: createdBy,
  };
}

/** One entry of the evolution table before its defects are loaded. */
interface Entry {
  defectId: number | null;
  previousId: number | null;
  kind: HistoryChangeKind;
  link: LinkRow | null;
}

export interface DefectHistoryServiceDeps {
  repo: DefectHistoryRepo;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  jobs: JobQueue;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/**
 * Historical defect matching and defect evolution (SPEC sections 2, 4 and 7). A durable job matches each defect of
 * an inspection to one of its previous inspection's (packages/geo defect-history.ts) and writes a link per defect in
 * batches: "continue" and a run after a restart match only the defects with no link yet, "all" drops the links the
 * matching made first (a person's stay), a cancel stops the job between batches. A person binds a defect to another
 * of the previous inspection, or to none. Links are read with their defects for the evolution table, the totals and
 * a defect's chain across inspections; an earlier defect nothing matched counts as repaired once matching is done.
 */
export function createDefectHistoryService(deps: DefectHistoryServiceDeps) {
  const { repo, inspections, access, jobs, bus, log } = deps;
  const requireInspection = inspectionGuard(inspections, access);

  async function status(inspectionId: number, previousInspectionId: number | null): Promise<HistoryMatchingStatus> {
    const [row, counts] = await Promise.all([repo.find(inspectionId), repo.counts(inspectionId)]);
    return {
      inspectionId,
      previousInspectionId,
      state: row?.state ?? 'uncalculated',
      distanceM: row?.distance_m ?? HISTORY_DISTANCE_M.default,
      ...counts,
      errorKey: row?.error_key ?? null,
      startedAt: row?.started_at?.toISOString() ?? null,
      finishedAt: row?.finished_at?.toISOString() ?? null,
    };
  }

  const send = projectEventSender<HistoryMatchingStatus>({
    bus,
    viewers: access.viewers,
    log,
    name: DEFECT_HISTORY_EVENT,
  });
  function publish(projectId: number, inspectionId: number, previousInspectionId: number | null): void {
    send(projectId, () => status(inspectionId, previousInspectionId), { inspectionId });
  }

  /** The inspection's entries: one per defect matched so far, and, once matching is done, the earlier ones left. */
  async function entries(inspectionId: number, previousInspectionId: number | null): Promise<Entry[]> {
    const [links, row] = await Promise.all([repo.linksOf(inspectionId), repo.find(inspectionId)]);
    const found: Entry[] = links.map((link) => ({
      defectId: link.defect_id,
      previousId: link.previous_defect_id,
      kind: link.change_kind,
      link,
    }));
    if (row?.state === 'done' && previousInspectionId !== null) {
      const linked = new Set(links.map((link) => link.previous_defect_id));
      for (const earlier of await repo.defectsOf(previousInspectionId)) {
        if (!linked.has(earlier.id))
          found.push({ defectId: null, previousId: earlier.id, kind: 'repaired', link: null });
      }
    }
    return found;
  }

  /** The entries with their defects loaded. */
  async function present(list: readonly Entry[]): Promise<HistoryRelation[]> {
    const ids = list.flatMap((entry) => [entry.defectId, entry.previousId]).filter((id): id is number => id !== null);
    const defects = new Map((await repo.defects([...new Set(ids)])).map((row) => [row.id, presentDefect(row)]));
    return list.map((entry) => ({
      defect: entry.defectId === null ? null : (defects.get(entry.defectId) ?? null),
      previous: entry.previousId === null ? null : (defects.get(entry.previousId) ?? null),
      changeKind: entry.kind,
      delta: entry.link ? deltaOf(entry.link) : null,
      distanceM: entry.link?.distance_m ?? null,
      manual: entry.link?.manual ?? false,
    }));
  }

  async function cancel(projectId: number, inspectionId: number, previousId: number | null) {
    const cancelled = await repo.move(inspectionId, LIVE, { state: 'cancelled', finished_at: new Date() });
    if (cancelled?.job_id) await jobs.cancel(cancelled.job_id);
    if (cancelled) publish(projectId, inspectionId, previousId);
    return status(inspectionId, previousId);
  }

  function kindCounts(list: readonly Entry[]) {
    const byKind = Object.fromEntries(HISTORY_CHANGE_KINDS.map((kind) => [kind, 0])) as Record<
      HistoryChangeKind,
      number
    >;
    for (const entry of list) byKind[entry.kind] += 1;
    return byKind;
  }

  return {
    /** Starts (`continue`, `all`) or stops (`cancel`) the inspection's matching; answers its state. */
    async match(
      auth: AuthContext,
      body: { inspectionId: number; mode: 'continue' | 'all' | 'cancel'; distanceM?: number | undefined },
    ): Promise<HistoryMatchingStatus> {
      const { inspection } = await requireInspection(auth, body.inspectionId, { change: true });
      const previousId = inspection.previous_inspection_id;
      if (body.mode === 'cancel') return cancel(inspection.project_id, inspection.id, previousId);
      if (previousId === null) throw new AppError('HISTORY_NO_PREVIOUS_INSPECTION');
      const mode = body.mode;
      await repo.transaction(async (q, trx) => {
        const queued = await q.move(inspection.id, SETTLED, {
          state: 'queued',
          mode,
          ...(body.distanceM === undefined ? {} : { distance_m: body.distanceM }),
          error_key: null,
          job_id: null,
          started_by: auth.userId,
          started_at: new Date(),
          finished_at: null,
        });
        if (!queued) throw new AppError('HISTORY_MATCHING_ING');
        if (mode === 'all') await q.forgetAutomatic(inspection.id);
        const jobId = await jobs.enqueue(
          HISTORY_MATCHING_JOB,
          { inspectionId: inspection.id },
          { singletonKey: `history-${inspection.id}`, transaction: trx },
        );
        await q.move(inspection.id, ['queued'], { job_id: jobId });
      });
      jobs.wake(HISTORY_MATCHING_JOB);
      publish(inspection.project_id, inspection.id, previousId);
      return status(inspection.id, previousId);
    },

    /** The evolution table's page, of the kinds asked (every kind when none). */
    async page(
      auth: AuthContext,
      body: { inspectionId: number; changeKinds?: HistoryChangeKind[] | undefined; pageNum: number; pageSize: number },
    ): Promise<Page<HistoryRelation>> {
      const { inspection } = await requireInspection(auth, body.inspectionId);
      const kinds = body.changeKinds?.length ? new Set(body.changeKinds) : null;
      const list = (await entries(inspection.id, inspection.previous_inspection_id)).filter(
        (entry) => !kinds || kinds.has(entry.kind),
      );
      const start = (body.pageNum - 1) * body.pageSize;
      return {
        records: await present(list.slice(start, start + body.pageSize)),
        total: list.length,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
      };
    },

    async all(auth: AuthContext, inspectionId: number): Promise<HistoryRelation[]> {
      const { inspection } = await requireInspection(auth, inspectionId);
      return present(await entries(inspection.id, inspection.previous_inspection_id));
    },

    /** The inspection's defects, each with its match so far (none: not matched yet), and the matching's state. */
    async predictions(auth: AuthContext, body: { inspectionId: number; pageNum: number; pageSize: number }) {
      const { inspection } = await requireInspection(auth, body.inspectionId);
      const [defects, links] = await Promise.all([repo.defectsOf(inspection.id), repo.linksOf(inspection.id)]);
      const linkOf = new Map(links.map((link) => [link.defect_id, link]));
      const start = (body.pageNum - 1) * body.pageSize;
      const shown = defects.slice(start, start + body.pageSize);
      // Each shown defect's entry (a defect with no link yet has none: previousId and kind are unused then).
      const relations = await present(
        shown.map((row) => {
          const link = linkOf.get(row.id) ?? null;
          return {
            defectId: null,
            previousId: link?.previous_defect_id ?? null,
            kind: link?.change_kind ?? 'new',
            link,
          };
        }),
      );
      return {
        records: shown.map((row, index) => {
          const { defect: _, ...relation } = relations[index]!;
          return { defect: presentDefect(row), relation: linkOf.has(row.id) ? relation : null };
        }),
        total: defects.length,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
        status: await status(inspection.id, inspection.previous_inspection_id),
      };
    },

    /** Entries per change kind, and the links a change of the previous inspection would drop. */
    async count(auth: AuthContext, inspectionId: number): Promise<HistoryCount> {
      const { inspection } = await requireInspection(auth, inspectionId);
      const list = await entries(inspection.id, inspection.previous_inspection_id);
      const links = list.filter((entry) => entry.link);
      return {
        inspectionId: inspection.id,
        links: links.length,
        manual: links.filter((entry) => entry.link!.manual).length,
        byKind: kindCounts(list),
      };
    },

    async total(auth: AuthContext, inspectionId: number): Promise<HistoryTotal> {
      const { inspection } = await requireInspection(auth, inspectionId);
      const previousId = inspection.previous_inspection_id;
      const [list, state, counts, previousCounts] = await Promise.all([
        entries(inspection.id, previousId),
        status(inspection.id, previousId),
        repo.counts(inspection.id),
        previousId === null ? Promise.resolve({ total: 0 }) : repo.counts(previousId),
      ]);
      const byKind = kindCounts(list);
      return {
        inspectionId: inspection.id,
        previousInspectionId: previousId,
        state: state.state,
        defects: counts.total,
        previousDefects: previousCounts.total,
        calculated: counts.done,
        matched: counts.done - byKind.new,
        new: byKind.new,
        repaired: byKind.repaired,
        unchanged: byKind.unchanged,
        length: byKind.length,
        width: byKind.width,
        lengthWidth: byKind.lengthWidth,
        area: byKind.area,
        manual: list.filter((entry) => entry.link?.manual).length,
      };
    },

    /**
     * Binds a defect by hand to a defect of its inspection's previous inspection of a compatible shape (any type:
     * a person may know a defect was retyped), or to none (new). The link is the person's, kept by a new matching.
     */
    async rebind(
      auth: AuthContext,
      body: { defectId: number; previousDefectId: number | null },
    ): Promise<HistoryRelation> {
      const defect = await repo.findDefect(body.defectId);
      if (!defect) throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
      await access.require(auth, defect.project_id, { change: true });
      if (defect.previous_inspection_id === null) throw new AppError('HISTORY_NO_PREVIOUS_INSPECTION');
      let link = newLink(defect.inspection_id, defect.id, auth.userId);
      if (body.previousDefectId !== null) {
        const previous = await repo.findDefect(body.previousDefectId);
        if (
          !previous ||
          previous.inspection_id !== defect.previous_inspection_id ||
          shapeOf(previous) !== shapeOf(defect)
        )
          throw new AppError('HISTORY_DISEASE_BIND_ERROR');
        const [here, there] = [placeOf(defect), placeOf(previous)];
        link = pairLink(
          defect.inspection_id,
          defect,
          previous,
          here && there && ecefDistance(here, there),
          auth.userId,
        );
      }
      await repo.transaction(async (q) => {
        const matching = await q.lock(defect.inspection_id);
        if ((LIVE as readonly string[]).includes(matching.state)) throw new AppError('HISTORY_MATCHING_ING');
        if (body.previousDefectId !== null) {
          const taken = await q.linkTo(defect.inspection_id, body.previousDefectId);
          if (taken && taken.defect_id !== defect.id) throw new AppError('HISTORY_DISEASE_BOUND');
        }
        await q.replaceLink(link);
      });
      const written = await repo.linkOf(defect.id);
      const [relation] = await present([
        { defectId: defect.id, previousId: written!.previous_defect_id, kind: written!.change_kind, link: written! },
      ]);
      return relation!;
    },

    /** The defect's chain across inspections, oldest first, following its links back and then forward. */
    async compare(auth: AuthContext, defectId: number): Promise<HistoryChain> {
      const start = await repo.findDefect(defectId);
      if (!start) throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
      await access.require(auth, start.project_id);
      const chain: HistoryDefectRow[] = [start];
      const seen = new Set([start.id]);
      for (let link = await repo.linkOf(start.id); link?.previous_defect_id;) {
        const earlier = await repo.findDefect(link.previous_defect_id);
        if (!earlier || seen.has(earlier.id)) break;
        seen.add(earlier.id);
        chain.unshift(earlier);
        link = await repo.linkOf(earlier.id);
      }
      // An inspection may have two later ones naming it: the chain goes on through the earliest.
      for (let later = (await repo.linksTo(start.id))[0]; later;) {
        const next = await repo.findDefect(later.defect_id);
        if (!next || seen.has(next.id)) break;
        seen.add(next.id);
        chain.push(next);
        later = (await repo.linksTo(next.id))[0];
      }
      const [links, infos] = await Promise.all([
        Promise.all(chain.map((row) => repo.linkOf(row.id))),
        repo.inspections([...new Set(chain.map((row) => row.inspection_id))]),
      ]);
      const inspectionOf = new Map(infos.map((row) => [row.id, row]));
      return {
        defectId: start.id,
        chain: chain.map((row, index) => {
          const link = links[index];
          const info = inspectionOf.get(row.inspection_id)!;
          return {
            defect: presentDefect(row),
            inspection: { id: info.id, name: info.name, inspectionDate: info.inspection_date },
            changeKind: link?.change_kind ?? null,
            delta: link ? deltaOf(link) : null,
            manual: link?.manual ?? false,
          };
        }),
      };
    },

    /**
     * Inside the inspection edit's transaction, when its previous inspection changes: every link of the inspection
     * goes (the client confirmed, having read `count`) and its matching is uncalculated again.
     */
    previousChanged(trx: Parameters<DefectHistoryRepo['on']>[0], inspectionId: number): Promise<number> {
      return repo.on(trx).unbindAll(inspectionId);
    },

    /**
     * The job. Run again after a restart it finds the links already written and matches only the rest (greedy
     * gives the same pairs whatever of its own picks were fixed); a batch commits only while the matching is still
     * running under this job, so a cancel, or a change of the previous inspection, stops it between batches.
     */
    async runMatching(payload: { inspectionId: number }, context: JobContext): Promise<{ state: string }> {
      const { inspectionId } = payload;
      const inspection = await inspections.findInspection(inspectionId);
      if (!inspection) return { state: 'deleted' };
      const previousId = inspection.previous_inspection_id;
      const running = await repo.move(inspectionId, LIVE, { state: 'running' }, context.jobId);
      if (!running) return { state: 'stopped' };
      publish(inspection.project_id, inspectionId, previousId);
      try {
        if (previousId === null) throw new AppError('HISTORY_NO_PREVIOUS_INSPECTION');
        const [current, previous, links] = await Promise.all([
          repo.defectsOf(inspectionId),
          repo.defectsOf(previousId),
          repo.linksOf(inspectionId),
        ]);
        const found = matchDefectHistory(current.map(candidate), previous.map(candidate), {
          distanceM: running.distance_m,
          tolerance: HISTORY_CHANGE_TOLERANCE,
          fixed: {
            currentIds: links.map((link) => link.defect_id),
            previousIds: links.flatMap((link) => (link.previous_defect_id === null ? [] : [link.previous_defect_id])),
          },
        });
        const byId = new Map([...current, ...previous].map((row) => [row.id, row]));
        const rows = [
          ...found.pairs.map((pair) =>
            pairLink(inspectionId, byId.get(pair.currentId)!, byId.get(pair.previousId)!, pair.distanceM, null),
          ),
          ...found.added.map((id) => newLink(inspectionId, id, null)),
        ].sort((a, b) => a.defect_id - b.defect_id);
        for (let start = 0; start < rows.length; start += BATCH) {
          context.signal.throwIfAborted();
          const committed = await repo.transaction(async (q) => {
            if (!(await q.move(inspectionId, ['running'], { state: 'running' }, context.jobId))) return false;
            await q.writeLinks(rows.slice(start, start + BATCH));
            return true;
          });
          if (!committed) return { state: 'stopped' };
          const counts = await repo.counts(inspectionId);
          context.progress(counts.total ? counts.done / counts.total : 1, counts);
          publish(inspection.project_id, inspectionId, previousId);
        }
        const done = await repo.move(
          inspectionId,
          ['running'],
          { state: 'done', finished_at: new Date() },
          context.jobId,
        );
        publish(inspection.project_id, inspectionId, previousId);
        return { state: done?.state ?? 'stopped' };
      } catch (error) {
        if (context.signal.aborted) throw error;
        const errorKey: ErrorKey = error instanceof AppError ? error.key : 'serviceError';
        await repo.move(
          inspectionId,
          ['running'],
          { state: 'failed', error_key: errorKey, finished_at: new Date() },
          context.jobId,
        );
        publish(inspection.project_id, inspectionId, previousId);
        throw error;
      }
    },
  };
}

export type DefectHistoryService = ReturnType<typeof createDefectHistoryService>;
