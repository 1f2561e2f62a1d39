/** Evaluation of scoring detectors on a folder with img/ and lab/ (DeepCrack protocol, see metrics.ts). */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadMask } from './image.js';
import { accumulate, bestScores, emptyCounts, type Scores, type SweepCounts } from './metrics.js';
import type { DefectType, ScoringDetector } from './types.js';

export interface EvalPair {
  name: string;
  image: string;
  label: string;
}

/** Pairs img/<base>.(jpg|jpeg|png) with lab/<base>.png (or any extension), sorted by name. */
export function listPairs(folder: string): EvalPair[] {
  const imgDir = path.join(folder, 'img');
  const labDir = path.join(folder, 'lab');
  if (!existsSync(imgDir) || !existsSync(labDir)) throw new Error(`${folder} must hold img/ and lab/`);
  const labs = new Map<string, string>();
  for (const f of readdirSync(labDir)) if (/\.(png|bmp|jpe?g)$/i.test(f)) labs.set(f.replace(/\.[^.]+$/, ''), f);
  const out: EvalPair[] = [];
  for (const f of readdirSync(imgDir).sort()) {
    if (!/\.(jpe?g|png)$/i.test(f)) continue;
    const base = f.replace(/\.[^.]+$/, '');
    const lab = labs.get(base);
    if (lab) out.push({ name: base, image: path.join(imgDir, f), label: path.join(labDir, lab) });
  }
  return out;
}

export interface EvalRow {
  detector: string;
  tolerance: number;
  scores: Scores;
  images: number;
  msPerImage: number;
}

export async function evaluateDetector(
  detector: ScoringDetector,
  pairs: EvalPair[],
  opts: { tolerances: number[]; type?: DefectType; onImage?: (i: number, name: string) => void },
): Promise<EvalRow[]> {
  const type = opts.type ?? 'crack';
  const counts: SweepCounts[] = opts.tolerances.map(() => emptyCounts());
  let ms = 0;
  for (let i = 0; i < pairs.length; i++) {
    const p = pairs[i]!;
    const lab = await loadMask(p.label);
    const t0 = Date.now();
    const maps = await detector.scoreMaps(p.image, { types: [type] });
    ms += Date.now() - t0;
    const m = maps[type];
    if (!m) throw new Error(`${detector.name} produced no ${type} map`);
    if (m.width !== lab.width || m.height !== lab.height)
      throw new Error(`${p.name}: label ${lab.width}x${lab.height} != image ${m.width}x${m.height}`);
    opts.tolerances.forEach((t, k) => accumulate(counts[k]!, m.data, lab.data, m.width, m.height, t));
    opts.onImage?.(i, p.name);
  }
  return opts.tolerances.map((t, k) => ({
    detector: detector.name,
    tolerance: t,
    scores: bestScores(counts[k]!),
    images: counts[k]!.images,
    msPerImage: pairs.length ? ms / pairs.length : 0,
  }));
}

export const DOCS_START = '<!-- vision:start -->';
export const DOCS_END = '<!-- vision:end -->';

/** Replace (or append) the marked vision section of a markdown file, leaving everything else untouched. */
export async function writeMarkedSection(file: string, body: string): Promise<void> {
  let text = existsSync(file) ? await readFile(file, 'utf8') : '# Benchmarks\n';
  const block = `${DOCS_START}\n${body.trim()}\n${DOCS_END}`;
  const s = text.indexOf(DOCS_START);
  const e = text.indexOf(DOCS_END);
  if (s >= 0 && e > s) text = text.slice(0, s) + block + text.slice(e + DOCS_END.length);
  else text = text.replace(/\s*$/, '\n\n') + block + '\n';
  await writeFile(file, text);
}

/** Markdown for one section (evaluation or throughput) inside the vision block. */
export function evalTable(rows: EvalRow[]): string {
  const lines = [
    '| detector | tolerance (px) | P | R | F | mIoU | threshold (ODS) | images | ms / image |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const s = r.scores;
    lines.push(
      `| ${r.detector} | ${r.tolerance} | ${s.precision.toFixed(4)} | ${s.recall.toFixed(4)} | ${s.f.toFixed(4)} | ${s.miou.toFixed(4)} | ${s.threshold.toFixed(2)} | ${r.images} | ${r.msPerImage.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}
