/**
 * Score map -> detections. Linear defects (cracks): hysteresis, connected components, skeleton, traced
 * polylines with the width estimated along them from the distance transform. Area defects: hysteresis,
 * components, polygons from the component boundary (OpenCV findContours), simplified.
 */
import { componentCrop, connectedComponents, distanceAt, hysteresis, thin, type Component } from './binary.js';
import type { Deadline } from './errors.js';
import type { CV } from './opencv.js';
import { polylineLength, ringArea, simplifyIndices, simplifyPolyline } from './simplify.js';
import { traceSkeleton } from './trace.js';
import type { DefectType, Detection, DetectionMask, Point, ScoreMap } from './types.js';

export interface ExtractParams {
  threshold: number;
  /** hysteresis low threshold = threshold * lowRatio */
  lowRatio: number;
  minLengthPx: number;
  minAreaPx: number;
  includeMask: boolean;
  /** RDP tolerance, px */
  simplifyPx: number;
  deadline?: Deadline;
}

/** Width of a crack whose centre pixel lies at distance d (to the nearest background pixel centre). */
export function widthFromDistance(d: number): number {
  // a run of w foreground pixels has its centre pixel at distance (w + 1) / 2 from the background (w odd) and
  // w / 2 (w even): 2d - 1 is exact for odd widths and 1 short for even ones; add half a pixel to centre the error.
  return Math.max(1, 2 * d - 0.5);
}

export function encodeRle(mask: Uint8Array): number[] {
  const out: number[] = [];
  let cur = 0;
  let run = 0;
  for (let i = 0; i < mask.length; i++) {
    const v = mask[i] ? 1 : 0;
    if (v === cur) run++;
    else {
      out.push(run);
      cur = v;
      run = 1;
    }
  }
  out.push(run);
  return out;
}

export function decodeRle(rle: readonly number[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let pos = 0;
  let v = 0;
  for (const r of rle) {
    if (v) out.fill(1, pos, pos + r);
    pos += r;
    v ^= 1;
  }
  return out;
}

function maskOf(c: Component, width: number, box: [number, number, number, number]): DetectionMask {
  const [bx, by, bw, bh] = box;
  const m = new Uint8Array(bw * bh);
  for (const p of c.pixels) {
    const y = (p / width) | 0;
    const x = p - y * width;
    if (x >= bx && y >= by && x < bx + bw && y < by + bh) m[(y - by) * bw + (x - bx)] = 1;
  }
  return { x: bx, y: by, width: bw, height: bh, rle: encodeRle(m) };
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

const r2 = (v: number): number => Math.round(v * 100) / 100;

/** Polylines (with widths) from a binary mask: one entry per traced branch chain. */
export function polylinesFromMask(
  mask: Uint8Array,
  width: number,
  height: number,
  opts: { minLengthPx: number; simplifyPx: number; deadline?: Deadline; score?: ArrayLike<number> },
): Array<{ points: Point[]; widths: number[]; lengthPx: number; confidence: number; component: Component }> {
  const out: Array<{ points: Point[]; widths: number[]; lengthPx: number; confidence: number; component: Component }> =
    [];
  const comps = connectedComponents(mask, width, height);
  for (const c of comps) {
    opts.deadline?.check();
    const ext = Math.hypot(c.x1 - c.x0 + 1, c.y1 - c.y0 + 1);
    if (ext < opts.minLengthPx * 0.5) continue;
    const crop = componentCrop(c, width, 1);
    const solid = crop.mask.slice(); // thinning works in place; widths are measured on the filled component
    const skel = thin(crop.mask, crop.w, crop.h, crop.pixels);
    const paths = traceSkeleton(skel, crop.w, crop.h, { spurLength: 10, pixels: crop.pixels.filter((q) => skel[q]) });
    for (const local of paths) {
      const pts: Point[] = local.map(([x, y]) => [x + crop.ox, y + crop.oy]);
      const len = polylineLength(pts);
      if (len < opts.minLengthPx) continue;
      const wAt = local.map(([x, y]) => widthFromDistance(distanceAt(solid, crop.w, crop.h, x, y)));
      let conf = 1;
      if (opts.score) {
        let s = 0;
        for (const [x, y] of pts) s += opts.score[y * width + x]!;
        conf = s / pts.length;
      }
      const keep = simplifyIndices(pts, opts.simplifyPx);
      const points = keep.map((i) => pts[i]!);
      const widths = keep.map((i) => r2(median(wAt.slice(Math.max(0, i - 3), i + 4))));
      out.push({ points, widths, lengthPx: len, confidence: conf, component: c });
    }
  }
  return out;
}

export function extractLinear(type: DefectType, score: ScoreMap, p: ExtractParams): Detection[] {
  const { width, height, data } = score;
  const mask = hysteresis(data, width, height, p.threshold * p.lowRatio, p.threshold);
  p.deadline?.check();
  const lines = polylinesFromMask(mask, width, height, {
    minLengthPx: p.minLengthPx,
    simplifyPx: p.simplifyPx,
    deadline: p.deadline,
    score: data,
  });
  return lines.map((l) => {
    const maxW = Math.max(...l.widths);
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (const [x, y] of l.points) {
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
    const pad = Math.ceil(maxW / 2);
    const bx = Math.max(0, x0 - pad);
    const by = Math.max(0, y0 - pad);
    const bbox: [number, number, number, number] = [
      bx,
      by,
      Math.min(width, x1 + pad + 1) - bx,
      Math.min(height, y1 + pad + 1) - by,
    ];
    const mean = l.widths.reduce((a, b) => a + b, 0) / Math.max(1, l.widths.length);
    const det: Detection = {
      type,
      confidence: r2(Math.min(1, Math.max(0, l.confidence)) * 100) / 100,
      geometry: {
        kind: 'polyline',
        points: l.points,
        widths: l.widths,
        lengthPx: r2(l.lengthPx),
        meanWidthPx: r2(mean),
        maxWidthPx: r2(maxW),
      },
      bbox,
    };
    if (p.includeMask) det.mask = maskOf(l.component, width, bbox);
    return det;
  });
}

/** Polygon rings (outer first, then holes) of a component, via OpenCV findContours on its crop. */
export function polygonsOfComponent(cv: CV, c: Component, width: number, simplifyPx: number): Point[][] {
  const crop = componentCrop(c, width, 1);
  const mat = cv.matFromArray(crop.h, crop.w, cv.CV_8UC1, crop.mask);
  const contours = new cv.MatVector();
  const hier = new cv.Mat();
  try {
    cv.findContours(mat, contours, hier, cv.RETR_CCOMP, cv.CHAIN_APPROX_NONE);
    const rings: Array<{ ring: Point[]; outer: boolean; area: number }> = [];
    for (let i = 0; i < contours.size(); i++) {
      const ct = contours.get(i);
      const d = ct.data32S as Int32Array;
      const ring: Point[] = [];
      for (let k = 0; k < d.length; k += 2) ring.push([d[k]! + crop.ox, d[k + 1]! + crop.oy]);
      ct.delete();
      const parent = (hier.data32S as Int32Array)[i * 4 + 3]!;
      const simple = ring.length > 3 ? simplifyPolyline([...ring, ring[0]!], simplifyPx).slice(0, -1) : ring;
      rings.push({ ring: simple, outer: parent < 0, area: ringArea(simple) });
    }
    rings.sort((a, b) => Number(b.outer) - Number(a.outer) || b.area - a.area);
    return rings.filter((r) => r.ring.length >= 3).map((r) => r.ring);
  } finally {
    mat.delete();
    contours.delete();
    hier.delete();
  }
}

export function extractAreas(cv: CV, type: DefectType, score: ScoreMap, p: ExtractParams): Detection[] {
  const { width, height, data } = score;
  const mask = hysteresis(data, width, height, p.threshold * p.lowRatio, p.threshold);
  const out: Detection[] = [];
  for (const c of connectedComponents(mask, width, height, Math.max(1, p.minAreaPx))) {
    p.deadline?.check();
    const rings = polygonsOfComponent(cv, c, width, p.simplifyPx);
    if (!rings.length) continue;
    let s = 0;
    for (const q of c.pixels) s += data[q]!;
    const bbox: [number, number, number, number] = [c.x0, c.y0, c.x1 - c.x0 + 1, c.y1 - c.y0 + 1];
    const det: Detection = {
      type,
      confidence: r2(s / c.pixels.length),
      geometry: { kind: 'polygon', rings, areaPx: c.pixels.length },
      bbox,
    };
    if (p.includeMask) det.mask = maskOf(c, width, bbox);
    out.push(det);
  }
  return out;
}
