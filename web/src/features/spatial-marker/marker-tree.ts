import type { SpatialMarkerNode } from '@sightline/shared';

/** A node of the marker tree with its children in their sort order. */
export interface MarkerTreeNode {
  node: SpatialMarkerNode;
  children: MarkerTreeNode[];
}

const bySort = (a: SpatialMarkerNode, b: SpatialMarkerNode) => a.sort - b.sort || a.id - b.id;

/** Nests the flat list the server sends by `parentId`; a node whose parent is missing is not shown. */
export function buildMarkerTree(nodes: readonly SpatialMarkerNode[]): MarkerTreeNode[] {
  const childrenOf = new Map<number | null, SpatialMarkerNode[]>();
  for (const node of nodes) {
    const siblings = childrenOf.get(node.parentId) ?? [];
    siblings.push(node);
    childrenOf.set(node.parentId, siblings);
  }
  const nest = (parentId: number | null): MarkerTreeNode[] =>
    (childrenOf.get(parentId) ?? []).sort(bySort).map((node) => ({ node, children: nest(node.id) }));
  return nest(null);
}

/** The ids of a node's siblings (itself included) in their order. */
export function siblingIds(nodes: readonly SpatialMarkerNode[], id: number): number[] {
  const parentId = nodes.find((node) => node.id === id)?.parentId;
  if (parentId === undefined) return [];
  return nodes
    .filter((node) => node.parentId === parentId)
    .sort(bySort)
    .map((node) => node.id);
}

/**
 * The siblings' new order once `id` moves `by` places (negative is up), or to just before `beforeId`; null when
 * nothing would change.
 */
export function reorder(
  ids: readonly number[],
  id: number,
  to: { by: number } | { beforeId: number | null },
): number[] | null {
  const from = ids.indexOf(id);
  if (from < 0) return null;
  const rest = ids.filter((other) => other !== id);
  let index: number;
  if ('by' in to) index = Math.min(Math.max(from + to.by, 0), rest.length);
  else index = to.beforeId === null ? rest.length : rest.indexOf(to.beforeId);
  if (index < 0 || index === from) return null;
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}

/** The markers under a node (itself when it is a marker), in tree order: what a batch position places. */
export function markersUnder(tree: readonly MarkerTreeNode[], id: number): SpatialMarkerNode[] {
  const found = findNode(tree, id);
  if (!found) return [];
  const out: SpatialMarkerNode[] = [];
  const visit = (item: MarkerTreeNode) => {
    if (item.node.kind === 'marker') out.push(item.node);
    item.children.forEach(visit);
  };
  visit(found);
  return out;
}

function findNode(tree: readonly MarkerTreeNode[], id: number): MarkerTreeNode | undefined {
  for (const item of tree) {
    if (item.node.id === id) return item;
    const inner = findNode(item.children, id);
    if (inner) return inner;
  }
  return undefined;
}
