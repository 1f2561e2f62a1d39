import type { z } from 'zod';
import {
  AppError,
  SPATIAL_MARKER_DEFAULT_COLOR,
  expandMarkerTemplate,
  type MarkerPosition,
  type SpatialMarkerNode,
  type spatialMarkerBatchBodySchema,
  type spatialMarkerSaveBodySchema,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { fieldError } from '../../platform/http/field-error.js';
import { refusingDuplicates } from '../../platform/db/sql-helpers.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import type { MarkerNodeRow, MarkerQueries, MarkerRepo } from './spatial-marker.repo.js';

type SaveBody = z.output<typeof spatialMarkerSaveBodySchema>;
type BatchBody = z.output<typeof spatialMarkerBatchBodySchema>;

export interface SpatialMarkerServiceDeps {
  repo: MarkerRepo;
  access: Pick<ProjectAccess, 'require'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  images: Pick<InspectionImageRepo, 'findImage'>;
  /** The markers a photo is bound to (the binding's repo answers). */
  markerIdsOfImage: (imageId: number) => Promise<number[]>;
  /** Whether a photo is bound to a marker. */
  isBound: (markerId: number, imageId: number) => Promise<boolean>;
  /** How many photos of an inspection each marker holds. */
  markerCountsOfInspection: (inspectionId: number) => Promise<Map<number, number>>;
}

const positionOf = (row: MarkerNodeRow): MarkerPosition | null =>
  row.lon === null || row.lat === null || row.height === null
    ? null
    : { lon: row.lon, lat: row.lat, height: row.height };

const positionColumns = (position: MarkerPosition | null) => ({
  lon: position?.lon ?? null,
  lat: position?.lat ?? null,
  height: position?.height ?? null,
});

function toNode(row: MarkerNodeRow, counts: { children: Map<number, number>; images: Map<number, number> }) {
  const node: SpatialMarkerNode = {
    id: row.id,
    projectId: row.project_id,
    parentId: row.parent_id,
    kind: row.kind,
    groupType: row.group_type,
    code: row.code,
    name: row.name,
    color: row.color,
    position: positionOf(row),
    sort: row.sort,
    childCount: counts.children.get(row.id) ?? 0,
    coverImageId: row.cover_image_id,
    imageCount: counts.images.get(row.id) ?? 0,
  };
  return node;
}

/** Names must differ among a node's siblings; `names` are the new ones, `except` the nodes they replace. */
async function checkSiblingNames(
  q: MarkerQueries,
  projectId: number,
  parentId: number | null,
  names: readonly string[],
  except: readonly number[] = [],
): Promise<void> {
  const taken = await q.siblingNames(projectId, parentId, except);
  for (const name of names) {
    if (taken.has(name)) throw new AppError('SPACE_MARKING_NAME_ERROR', { params: { name }, data: { name } });
    taken.add(name);
  }
}

/** Numbers must differ across the project's markers, `codes` among themselves too. */
async function checkCodes(q: MarkerQueries, projectId: number, codes: readonly string[], exceptId?: number) {
  const seen = new Set<string>();
  const repeated = codes.filter((code) => seen.size === seen.add(code).size);
  const taken = [...new Set([...repeated, ...(await q.codesTaken(projectId, codes, exceptId))])];
  if (taken.length > 0) throw new AppError('SPACE_MARKING_CODE_ERROR', { data: { codes: taken.slice(0, 50) } });
}

/**
 * The spatial marker tree of a project (SPEC sections 2, 3, 5): groups (structure components or ordinary) holding
 * groups and markers, in one id space. Rules:
 * - a marker sits in a group, a group under a group or at the top; a parent that is no node of the project is
 *   PARENT_NOT_EXISTING, a marker as parent (or a group moved under itself or below) PARENT_TYPE_ERROR; the SPEC
 *   sets no rule between component and ordinary groups, so either holds either;
 * - a marker's number is unique in the project (SPACE_MARKING_CODE_ERROR), a name among its siblings
 *   (SPACE_MARKING_NAME_ERROR);
 * - a group or marker to which photos are bound, itself or below it, cannot be deleted (GROUP_DOWN_IMAGE_ERROR, the
 *   SPEC's "a group with images cannot be deleted", taken for markers too so that no binding is lost unseen);
 *   photos of binned inspections count, since a restore brings them back;
 * - the project's marker version rises when markers are added, placed, moved or deleted.
 */
export function createSpatialMarkerService(deps: SpatialMarkerServiceDeps) {
  const { repo, access } = deps;

  async function nodesWithCounts(rows: readonly MarkerNodeRow[], projectId: number, inspectionId?: number) {
    const [children, images] = await Promise.all([
      repo.childCounts(projectId),
      repo.imageCounts(projectId, inspectionId),
    ]);
    return rows.map((row) => toNode(row, { children, images }));
  }

  async function nodeWithCounts(row: MarkerNodeRow): Promise<SpatialMarkerNode> {
    return (await nodesWithCounts([row], row.project_id))[0]!;
  }

  /** A node of a project the caller sees (and may change, with `change`), of `kind` when given. */
  async function requireNode(
    auth: AuthContext,
    id: number,
    options: { change?: boolean; kind?: 'group' | 'marker'; projectId?: number } = {},
  ) {
    const row = await repo.findNode(id);
    if (!row || (options.kind && row.kind !== options.kind)) throw new AppError('SPACE_MARKING_NOT_EXISTING');
    if (options.projectId !== undefined && row.project_id !== options.projectId) {
      throw new AppError('SPACE_MARKING_NOT_EXISTING');
    }
    await access.require(auth, row.project_id, { change: options.change });
    return row;
  }

  /** The nodes `ids`, all of the project, or SPACE_MARKING_NOT_EXISTING. */
  async function requireNodesOf(q: MarkerQueries, projectId: number, ids: readonly number[], kind?: 'marker') {
    const unique = [...new Set(ids)];
    const rows = await q.findNodes(projectId, unique);
    if (rows.length !== unique.length || (kind && rows.some((row) => row.kind !== kind))) {
      throw new AppError('SPACE_MARKING_NOT_EXISTING');
    }
    return rows;
  }

  /** The group a node goes under: a group of the project, never a marker, and never the node itself or below it. */
  async function checkParent(q: MarkerQueries, projectId: number, parentId: number, movedId?: number) {
    const parent = await q.findNode(parentId);
    if (!parent || parent.project_id !== projectId) throw new AppError('PARENT_NOT_EXISTING');
    if (parent.kind !== 'group') throw new AppError('PARENT_TYPE_ERROR');
    if (movedId !== undefined && (await q.subtreeIds(projectId, [movedId])).includes(parentId)) {
      throw new AppError('PARENT_TYPE_ERROR');
    }
  }

  async function requireInspectionOf(projectId: number, inspectionId: number) {
    const inspection = await deps.inspections.findInspection(inspectionId);
    if (!inspection || inspection.project_id !== projectId) throw new AppError('INSPECTION_NOT_EXISTING');
    return inspection;
  }

  /** What a save writes of the node's own fields, checked against its kind. */
  function kindFields(body: SaveBody, parentId: number | null) {
    if (body.kind === 'group') {
      if (!body.groupType) throw fieldError('groupType', 'required');
      return { group_type: body.groupType, code: null, ...positionColumns(null) };
    }
    if (!body.code) throw fieldError('code', 'required');
    if (parentId === null) throw new AppError('PARENT_NOT_EXISTING');
    return { group_type: null, code: body.code };
  }

  async function create(auth: AuthContext, body: SaveBody): Promise<SpatialMarkerNode> {
    await access.require(auth, body.projectId, { change: true });
    const parentId = body.parentId ?? null;
    const fields = kindFields(body, parentId);
    const row = await repo.transaction(async (q) => {
      if (parentId !== null) await checkParent(q, body.projectId, parentId);
      await checkSiblingNames(q, body.projectId, parentId, [body.name]);
      if (fields.code) await checkCodes(q, body.projectId, [fields.code]);
      const [inserted] = await refusingDuplicates(
        q.insertNodes([
          {
            project_id: body.projectId,
            parent_id: parentId,
            kind: body.kind,
            name: body.name,
            color: body.color ?? SPATIAL_MARKER_DEFAULT_COLOR,
            sort: await q.nextSort(body.projectId, parentId),
            ...(body.kind === 'marker' ? positionColumns(body.position ?? null) : {}),
            ...fields,
          },
        ]),
        'SPACE_MARKING_NAME_ERROR',
        'space_markers_name_key',
      );
      await q.bumpVersion(body.projectId);
      return inserted!;
    });
    return nodeWithCounts(row);
  }

  async function update(auth: AuthContext, id: number, body: SaveBody): Promise<SpatialMarkerNode> {
    const existing = await requireNode(auth, id, { change: true, kind: body.kind, projectId: body.projectId });
    const parentId = body.parentId === undefined ? existing.parent_id : body.parentId;
    const fields = kindFields(body, parentId);
    const moved = parentId !== existing.parent_id;
    const position = body.kind === 'marker' && body.position !== undefined ? positionColumns(body.position) : null;
    const placed =
      position !== null &&
      (position.lon !== existing.lon || position.lat !== existing.lat || position.height !== existing.height);
    const row = await repo.transaction(async (q) => {
      if (moved && parentId !== null) await checkParent(q, existing.project_id, parentId, id);
      if (moved || body.name !== existing.name) {
        await checkSiblingNames(q, existing.project_id, parentId, [body.name], [id]);
      }
      if (fields.code && fields.code !== existing.code) await checkCodes(q, existing.project_id, [fields.code], id);
      const updated = await refusingDuplicates(
        q.updateNode(id, {
          parent_id: parentId,
          name: body.name,
          ...(body.color ? { color: body.color } : {}),
          ...fields,
          ...(position ?? {}),
          ...(moved ? { sort: await q.nextSort(existing.project_id, parentId) } : {}),
        }),
        'SPACE_MARKING_NAME_ERROR',
        'space_markers_name_key',
      );
      if (moved || placed) await q.bumpVersion(existing.project_id);
      return updated;
    });
    return nodeWithCounts(row);
  }

  async function removeNodes(auth: AuthContext, projectId: number, ids: readonly number[]): Promise<null> {
    await access.require(auth, projectId, { change: true });
    await repo.transaction(async (q) => {
      await requireNodesOf(q, projectId, ids);
      const all = await q.subtreeIds(projectId, [...new Set(ids)]);
      if ((await q.bindingCount(all)) > 0) throw new AppError('GROUP_DOWN_IMAGE_ERROR');
      await q.deleteNodes(all);
      await q.bumpVersion(projectId);
    });
    return null;
  }

  async function place(
    auth: AuthContext,
    projectId: number,
    items: ReadonlyArray<{ id: number; position: MarkerPosition }>,
  ): Promise<MarkerNodeRow[]> {
    await access.require(auth, projectId, { change: true });
    return repo.transaction(async (q) => {
      await requireNodesOf(
        q,
        projectId,
        items.map((item) => item.id),
        'marker',
      );
      const rows: MarkerNodeRow[] = [];
      for (const item of items) rows.push(await q.updateNode(item.id, positionColumns(item.position)));
      await q.bumpVersion(projectId);
      return rows;
    });
  }

  async function placeOne(auth: AuthContext, id: number, position: MarkerPosition): Promise<SpatialMarkerNode> {
    const marker = await requireNode(auth, id, { kind: 'marker' });
    const [row] = await place(auth, marker.project_id, [{ id, position }]);
    return nodeWithCounts(row!);
  }

  return {
    async tree(auth: AuthContext, projectId: number): Promise<SpatialMarkerNode[]> {
      await access.require(auth, projectId);
      return nodesWithCounts(await repo.listNodes(projectId), projectId);
    },

    async children(
      auth: AuthContext,
      input: { projectId: number; parentId?: number | null | undefined; inspectionId?: number },
    ): Promise<SpatialMarkerNode[]> {
      await access.require(auth, input.projectId);
      const parentId = input.parentId ?? null;
      if (parentId !== null) await checkParent(repo, input.projectId, parentId);
      if (input.inspectionId !== undefined) await requireInspectionOf(input.projectId, input.inspectionId);
      const rows = await repo.listNodes(input.projectId, { parentId });
      return nodesWithCounts(rows, input.projectId, input.inspectionId);
    },

    save(auth: AuthContext, body: SaveBody): Promise<SpatialMarkerNode> {
      return body.id === undefined ? create(auth, body) : update(auth, body.id, body);
    },

    async createBatch(auth: AuthContext, body: BatchBody): Promise<SpatialMarkerNode[]> {
      await access.require(auth, body.projectId, { change: true });
      const markers = expandMarkerTemplate(body);
      const rows = await repo.transaction(async (q) => {
        await checkParent(q, body.projectId, body.parentId);
        await checkCodes(
          q,
          body.projectId,
          markers.map((marker) => marker.code),
        );
        await checkSiblingNames(
          q,
          body.projectId,
          body.parentId,
          markers.map((marker) => marker.name),
        );
        const first = await q.nextSort(body.projectId, body.parentId);
        const inserted = await refusingDuplicates(
          q.insertNodes(
            markers.map((marker, index) => ({
              project_id: body.projectId,
              parent_id: body.parentId,
              kind: 'marker' as const,
              code: marker.code,
              name: marker.name,
              color: body.color ?? SPATIAL_MARKER_DEFAULT_COLOR,
              sort: first + index,
            })),
          ),
          'SPACE_MARKING_CODE_ERROR',
          'space_markers_code_key',
        );
        await q.bumpVersion(body.projectId);
        return inserted;
      });
      return nodesWithCounts(rows, body.projectId);
    },

    removeMany: (auth: AuthContext, body: { projectId: number; ids: number[] }) =>
      removeNodes(auth, body.projectId, body.ids),

    async remove(auth: AuthContext, id: number): Promise<null> {
      const node = await requireNode(auth, id, { change: true });
      return removeNodes(auth, node.project_id, [id]);
    },

    /** Coordinates typed in (GPS) and a position picked again on the model both place the marker. */
    updateGps: (auth: AuthContext, body: { id: number; position: MarkerPosition }) =>
      placeOne(auth, body.id, body.position),
    reselectPosition: (auth: AuthContext, body: { id: number; position: MarkerPosition }) =>
      placeOne(auth, body.id, body.position),

    async placeMany(
      auth: AuthContext,
      body: { projectId: number; items: Array<{ id: number; position: MarkerPosition }> },
    ): Promise<SpatialMarkerNode[]> {
      return nodesWithCounts(await place(auth, body.projectId, body.items), body.projectId);
    },

    async rename(
      auth: AuthContext,
      body: { projectId: number; items: Array<{ id: number; name: string }> },
    ): Promise<SpatialMarkerNode[]> {
      await access.require(auth, body.projectId, { change: true });
      const rows = await repo.transaction(async (q) => {
        const nodes = await requireNodesOf(
          q,
          body.projectId,
          body.items.map((item) => item.id),
        );
        const parentOf = new Map(nodes.map((node) => [node.id, node.parent_id]));
        const byParent = new Map<number | null, Array<{ id: number; name: string }>>();
        for (const item of body.items) {
          const parentId = parentOf.get(item.id)!;
          byParent.set(parentId, [...(byParent.get(parentId) ?? []), item]);
        }
        for (const [parentId, items] of byParent) {
          await checkSiblingNames(
            q,
            body.projectId,
            parentId,
            items.map((item) => item.name),
            items.map((item) => item.id),
          );
        }
        const renamed = await refusingDuplicates(
          q.rename(body.items),
          'SPACE_MARKING_NAME_ERROR',
          'space_markers_name_key',
        );
        const order = new Map(body.items.map((item, index) => [item.id, index]));
        return renamed.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      });
      return nodesWithCounts(rows, body.projectId);
    },

    async setCover(auth: AuthContext, body: { markerId: number; imageId: number | null }): Promise<SpatialMarkerNode> {
      const marker = await requireNode(auth, body.markerId, { change: true, kind: 'marker' });
      if (body.imageId !== null && !(await deps.isBound(body.markerId, body.imageId))) {
        throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      }
      return nodeWithCounts(await repo.updateNode(marker.id, { cover_image_id: body.imageId }));
    },

    async sort(auth: AuthContext, body: { projectId: number; parentId?: number | null; ids: number[] }) {
      await access.require(auth, body.projectId, { change: true });
      const parentId = body.parentId ?? null;
      await repo.transaction(async (q) => {
        if (parentId !== null) await checkParent(q, body.projectId, parentId);
        const children = new Set((await q.listNodes(body.projectId, { parentId })).map((row) => row.id));
        const given = new Set(body.ids);
        if (
          given.size !== body.ids.length ||
          given.size !== children.size ||
          body.ids.some((id) => !children.has(id))
        ) {
          throw fieldError('ids', 'invalidValue');
        }
        await q.setOrder(body.ids);
      });
      return null;
    },

    async moveToBottom(auth: AuthContext, id: number): Promise<null> {
      const node = await requireNode(auth, id, { change: true });
      await repo.transaction(async (q) => {
        await q.updateNode(id, { sort: await q.nextSort(node.project_id, node.parent_id) });
      });
      return null;
    },

    async allMarkers(auth: AuthContext, projectId: number): Promise<SpatialMarkerNode[]> {
      await access.require(auth, projectId);
      return nodesWithCounts(await repo.listNodes(projectId, { kind: 'marker' }), projectId);
    },

    /** Per group: markers below it, how many of them hold photos of the inspection, and those photos. */
    async groupBindings(auth: AuthContext, body: { projectId: number; inspectionId: number }) {
      await access.require(auth, body.projectId);
      await requireInspectionOf(body.projectId, body.inspectionId);
      const [nodes, images, perMarker] = await Promise.all([
        repo.listNodes(body.projectId),
        repo.imageCounts(body.projectId, body.inspectionId),
        deps.markerCountsOfInspection(body.inspectionId),
      ]);
      const childrenOf = new Map<number, MarkerNodeRow[]>();
      for (const node of nodes) {
        if (node.parent_id !== null) childrenOf.set(node.parent_id, [...(childrenOf.get(node.parent_id) ?? []), node]);
      }
      const markersBelow = (id: number): number[] =>
        (childrenOf.get(id) ?? []).flatMap((child) => (child.kind === 'marker' ? [child.id] : markersBelow(child.id)));
      return nodes
        .filter((node) => node.kind === 'group')
        .map((group) => {
          const markers = markersBelow(group.id);
          return {
            groupId: group.id,
            markerCount: markers.length,
            boundMarkerCount: markers.filter((id) => (perMarker.get(id) ?? 0) > 0).length,
            imageCount: images.get(group.id) ?? 0,
          };
        });
    },

    async markersOfImage(auth: AuthContext, imageId: number): Promise<SpatialMarkerNode[]> {
      const image = await deps.images.findImage(imageId);
      if (!image) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      await access.require(auth, image.project_id);
      const ids = await deps.markerIdsOfImage(imageId);
      if (ids.length === 0) return [];
      return nodesWithCounts(await repo.findNodes(image.project_id, ids), image.project_id);
    },

    async version(auth: AuthContext, projectId: number): Promise<{ version: number }> {
      await access.require(auth, projectId);
      return { version: await repo.version(projectId) };
    },

    /** The project's markers of an inspection with photos bound, as nodes with that inspection's counts. */
    async markersWithImages(projectId: number, inspectionId: number) {
      const counts = await deps.markerCountsOfInspection(inspectionId);
      if (counts.size === 0) return [];
      const rows = (await repo.listNodes(projectId, { kind: 'marker' })).filter((row) => counts.has(row.id));
      const nodes = await nodesWithCounts(rows, projectId, inspectionId);
      return nodes.map((marker) => ({ marker, imageCount: counts.get(marker.id)! }));
    },

    requireNode,
  };
}

export type SpatialMarkerService = ReturnType<typeof createSpatialMarkerService>;
