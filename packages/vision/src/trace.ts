/**
 * Skeleton (one pixel thin, 8-connected) to polylines.
 *
 * The skeleton is cut into edges at end points and junction clusters; short spurs hanging off junctions are
 * pruned; at every junction the pair of edges that continue each other most straightly is joined, so a
 * straight crack with a side branch gives one long polyline plus one for the branch, and a crack with no
 * branches always gives exactly one polyline. Closed loops give a closed polyline (first point repeated).
 */
import type { Point } from './types.js';

const DX8 = [1, 1, 0, -1, -1, -1, 0, 1];
const DY8 = [0, 1, 1, 1, 0, -1, -1, -1];

interface Edge {
  a: number; // node id at start
  b: number; // node id at end
  path: number[]; // pixel indices from a to b (inclusive of node pixels)
  alive: boolean;
}

export interface TraceOptions {
  /** Spurs (end point to junction) shorter than this many pixels are removed. Default 8. */
  spurLength?: number;
  /** Minimum angle (degrees) between two edges' outgoing directions for them to be joined at a junction. Default 110. */
  joinAngleDeg?: number;
  /** The skeleton's pixels in raster order, when the caller has them (spares a scan of the whole crop). */
  pixels?: ArrayLike<number>;
}

/** Trace a skeleton mask (w x h, non-zero = skeleton) into pixel paths (lists of [x, y]). */
export function traceSkeleton(skel: Uint8Array, w: number, h: number, opts: TraceOptions = {}): Point[][] {
  const spurLength = opts.spurLength ?? 8;
  const joinCos = Math.cos(((opts.joinAngleDeg ?? 110) * Math.PI) / 180);
  const pixels: number[] = opts.pixels ? Array.from(opts.pixels) : [];
  if (!opts.pixels) for (let i = 0; i < skel.length; i++) if (skel[i]) pixels.push(i);
  if (pixels.length === 0) return [];
  const nb = (p: number): number[] => {
    const y = (p / w) | 0;
    const x = p - y * w;
    const out: number[] = [];
    for (let k = 0; k < 8; k++) {
      const nx = x + DX8[k]!;
      const ny = y + DY8[k]!;
      if (nx >= 0 && ny >= 0 && nx < w && ny < h && skel[ny * w + nx]) out.push(ny * w + nx);
    }
    return out;
  };
  // per-pixel tables over the crop (typed arrays: a photo's skeletons hold hundreds of thousands of pixels)
  const deg = new Uint8Array(w * h);
  for (const p of pixels) deg[p] = nb(p).length;
  // node ids: junction clusters (deg >= 3) and end points (deg <= 1); -1 = not a node
  const node = new Int32Array(w * h).fill(-1);
  let nodeCount = 0;
  const nodeIsJunction: boolean[] = [];
  for (const p of pixels) {
    if (node[p]! >= 0) continue;
    const d = deg[p]!;
    if (d >= 3) {
      const id = nodeCount++;
      nodeIsJunction[id] = true;
      const stack = [p];
      node[p] = id;
      while (stack.length) {
        const q = stack.pop()!;
        for (const r of nb(q)) {
          if (node[r]! < 0 && deg[r]! >= 3) {
            node[r] = id;
            stack.push(r);
          }
        }
      }
    } else if (d <= 1) {
      const id = nodeCount++;
      nodeIsJunction[id] = false;
      node[p] = id;
    }
  }
  const edges: Edge[] = [];
  const visited = new Uint8Array(w * h); // interior (deg 2) pixels already on an edge
  const directPairs = new Set<string>();
  for (const p of pixels) {
    const id = node[p]!;
    if (id < 0) continue;
    if (deg[p] === 0) {
      edges.push({ a: id, b: id, path: [p], alive: true });
      continue;
    }
    for (const q of nb(p)) {
      const qid = node[q]!;
      if (qid >= 0) {
        if (qid === id) continue;
        const key = p < q ? `${p},${q}` : `${q},${p}`;
        if (directPairs.has(key)) continue;
        directPairs.add(key);
        edges.push({ a: id, b: qid, path: [p, q], alive: true });
        continue;
      }
      if (visited[q]) continue;
      const path = [p, q];
      visited[q] = 1;
      let prev = p;
      let cur = q;
      let end: number | undefined;
      for (;;) {
        const nexts = nb(cur).filter((r) => r !== prev && !(node[r] === id && path.length === 2 && r === p));
        // prefer a node pixel if one is adjacent, else the unvisited interior pixel
        let next: number | undefined = nexts.find((r) => node[r]! >= 0 && r !== p) ?? nexts.find((r) => node[r]! >= 0);
        if (next === undefined) next = nexts.find((r) => !visited[r]);
        if (next === undefined) break;
        path.push(next);
        if (node[next]! >= 0) {
          end = node[next];
          break;
        }
        visited[next] = 1;
        prev = cur;
        cur = next;
      }
      edges.push({ a: id, b: end ?? id, path, alive: true });
    }
  }
  // closed loops without nodes
  for (const p of pixels) {
    if (node[p]! >= 0 || visited[p]) continue;
    const path = [p];
    visited[p] = 1;
    let prev = -1;
    let cur = p;
    for (;;) {
      const next = nb(cur).find((r) => r !== prev && !visited[r]);
      if (next === undefined) break;
      path.push(next);
      visited[next] = 1;
      prev = cur;
      cur = next;
    }
    path.push(p);
    const id = nodeCount++;
    nodeIsJunction[id] = false;
    edges.push({ a: id, b: id, path, alive: true });
  }

  // prune spurs: edges between an end point and a junction, shorter than spurLength
  const incident = (): Map<number, number[]> => {
    const m = new Map<number, number[]>();
    edges.forEach((e, i) => {
      if (!e.alive) return;
      (m.get(e.a) ?? m.set(e.a, []).get(e.a)!).push(i);
      if (e.b !== e.a) (m.get(e.b) ?? m.set(e.b, []).get(e.b)!).push(i);
    });
    return m;
  };
  // tiny self-loops inside junction clusters are artefacts of thick corners
  for (const e of edges) if (e.a === e.b && nodeIsJunction[e.a] && e.path.length < spurLength) e.alive = false;
  for (let iter = 0; iter < 2; iter++) {
    const inc = incident();
    let pruned = false;
    edges.forEach((e) => {
      if (!e.alive || e.path.length >= spurLength) return;
      const aEnd = !nodeIsJunction[e.a];
      const bEnd = !nodeIsJunction[e.b];
      const other = aEnd && nodeIsJunction[e.b] ? e.b : bEnd && nodeIsJunction[e.a] ? e.a : -1;
      if (other < 0) return;
      // only prune if the junction keeps at least two other edges
      if ((inc.get(other)?.length ?? 0) >= 3) {
        e.alive = false;
        inc.set(
          other,
          inc.get(other)!.filter((i) => edges[i] !== e),
        );
        pruned = true;
      }
    });
    if (!pruned) break;
  }

  // join edges through junctions by straightest continuation
  const inc = incident();
  const xy = (p: number): Point => {
    const y = (p / w) | 0;
    return [p - y * w, y];
  };
  /** unit direction leaving node `n` along edge i */
  const dirAt = (i: number, n: number): Point => {
    const e = edges[i]!;
    const path = e.a === n ? e.path : [...e.path].reverse();
    const k = Math.min(path.length - 1, 10);
    const a = xy(path[0]!);
    const b = xy(path[k]!);
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const l = Math.hypot(dx, dy) || 1;
    return [dx / l, dy / l];
  };
  // partner[i] = { atA: edge joined at a-end, atB: ... }
  const partnerA = new Map<number, number>();
  const partnerB = new Map<number, number>();
  const setPartner = (i: number, n: number, j: number): void => {
    const e = edges[i]!;
    if (e.a === n && !partnerA.has(i)) partnerA.set(i, j);
    else partnerB.set(i, j);
  };
  for (const [n, list] of inc) {
    if (!nodeIsJunction[n] || list.length < 2) continue;
    const cands: Array<[number, number, number]> = [];
    for (let s = 0; s < list.length; s++) {
      for (let t = s + 1; t < list.length; t++) {
        const i = list[s]!;
        const j = list[t]!;
        if (i === j) continue;
        const di = dirAt(i, n);
        const dj = dirAt(j, n);
        const c = di[0] * dj[0] + di[1] * dj[1]; // -1 = perfectly straight
        // a junction left with exactly two edges (after pruning) is just a bend: always join
        if (c <= joinCos || list.length === 2) cands.push([c, i, j]);
      }
    }
    cands.sort((p, q) => p[0] - q[0]);
    const used = new Set<number>();
    for (const [, i, j] of cands) {
      if (used.has(i) || used.has(j)) continue;
      used.add(i);
      used.add(j);
      setPartner(i, n, j);
      setPartner(j, n, i);
    }
  }
  // walk chains
  const done = new Set<number>();
  const out: Point[][] = [];
  const partnerAt = (i: number, n: number): number | undefined => {
    const e = edges[i]!;
    if (e.a === e.b) return undefined;
    return e.a === n ? partnerA.get(i) : partnerB.get(i);
  };
  const alive = edges.map((e, i) => (e.alive ? i : -1)).filter((i) => i >= 0);
  for (const start of alive) {
    if (done.has(start)) continue;
    // find a chain end: walk back from start via its a-end
    let first = start;
    let firstEntry = edges[start]!.a; // node we would leave from
    const guard = new Set<number>([start]);
    for (;;) {
      const prev = partnerAt(first, firstEntry);
      if (prev === undefined || guard.has(prev)) break;
      guard.add(prev);
      const pe = edges[prev]!;
      firstEntry = pe.a === firstEntry ? pe.b : pe.a;
      first = prev;
    }
    // now walk forward from `first`, leaving node `firstEntry`
    const pts: number[] = [];
    let cur: number | undefined = first;
    let from = firstEntry;
    while (cur !== undefined && !done.has(cur)) {
      done.add(cur);
      const e: Edge = edges[cur]!;
      const path = e.a === from ? e.path : [...e.path].reverse();
      const to = e.a === from ? e.b : e.a;
      for (const p of path) if (pts[pts.length - 1] !== p) pts.push(p);
      cur = partnerAt(cur, to);
      from = to;
    }
    out.push(pts.map(xy));
  }
  return out;
}
