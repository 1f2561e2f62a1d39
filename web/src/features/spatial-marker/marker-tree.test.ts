import { describe, expect, it } from 'vitest';
import type { SpatialMarkerNode } from '@sightline/shared';
import { buildMarkerTree, markersUnder, reorder, siblingIds } from './marker-tree';

function node(
  id: number,
  parentId: number | null,
  sort: number,
  kind: 'group' | 'marker' = 'marker',
): SpatialMarkerNode {
  return {
    id,
    projectId: 1,
    parentId,
    kind,
    groupType: kind === 'group' ? 'component' : null,
    code: kind === 'marker' ? `P${id}` : null,
    name: `n${id}`,
    color: '#1677FF',
    position: null,
    sort,
    childCount: 0,
    coverImageId: null,
    imageCount: 0,
  };
}

const nodes = [
  node(1, null, 2, 'group'),
  node(2, null, 1, 'group'),
  node(3, 1, 5),
  node(4, 1, 3),
  node(5, 2, 1, 'group'),
  node(6, 5, 1),
  node(7, 99, 1),
];

describe('the marker tree', () => {
  it('nests nodes under their parents in sort order and leaves out orphans', () => {
    const tree = buildMarkerTree(nodes);
    expect(tree.map((item) => item.node.id)).toEqual([2, 1]);
    expect(tree[1]!.children.map((item) => item.node.id)).toEqual([4, 3]);
    expect(tree[0]!.children[0]!.children.map((item) => item.node.id)).toEqual([6]);
    expect(JSON.stringify(tree)).not.toContain('"id":7');
  });

  it('lists the markers under a group, nested groups included', () => {
    const tree = buildMarkerTree(nodes);
    expect(markersUnder(tree, 2).map((marker) => marker.id)).toEqual([6]);
    expect(markersUnder(tree, 1).map((marker) => marker.id)).toEqual([4, 3]);
    expect(markersUnder(tree, 3).map((marker) => marker.id)).toEqual([3]);
    expect(markersUnder(tree, 42)).toEqual([]);
  });

  it('reorders siblings up, down, before another and to the end', () => {
    expect(siblingIds(nodes, 3)).toEqual([4, 3]);
    expect(reorder([1, 2, 3], 3, { by: -1 })).toEqual([1, 3, 2]);
    expect(reorder([1, 2, 3], 1, { by: 1 })).toEqual([2, 1, 3]);
    expect(reorder([1, 2, 3], 1, { by: -1 })).toBeNull();
    expect(reorder([1, 2, 3], 3, { by: 1 })).toBeNull();
    expect(reorder([1, 2, 3], 3, { beforeId: 1 })).toEqual([3, 1, 2]);
    expect(reorder([1, 2, 3], 1, { beforeId: null })).toEqual([2, 3, 1]);
    expect(reorder([1, 2, 3], 9, { by: 1 })).toBeNull();
  });
});
