/** Tuning harness for the built-in crack score (TRAIN split only). Usage: tsx src/cli/tune-builtin.ts '<json params>' [count] */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deepCrackSplit } from '@sightline/imagery/test-fixtures';
import { loadMask, loadRgb, toGray } from '../image.js';
import { accumulate, bestScores, emptyCounts, formatScoreLine } from '../metrics.js';
import { loadOpenCv } from '../opencv.js';
import { crackScore, DEFAULT_CRACK_PARAMS, type CrackScoreParams } from '../crackScore.js';
import { postProcessCrackScore, DEFAULT_POST } from '../crackPost.js';

const split = deepCrackSplit('train');
if (!split) throw new Error('no train split');
const cv = await loadOpenCv();
const variants = (process.argv[2] ? JSON.parse(process.argv[2]) : [{}]) as Array<
  Partial<CrackScoreParams> & { post?: Partial<typeof DEFAULT_POST> }
>;
const count = Number(process.argv[3] ?? 80);
const files = readdirSync(path.join(split, 'img'))
  .sort()
  .filter((_, i) => i % Math.max(1, Math.floor(300 / count)) === 0)
  .slice(0, count);
const data = [] as Array<{ gray: Uint8Array; w: number; h: number; lab: Uint8Array }>;
for (const f of files) {
  const img = await loadRgb(path.join(split, 'img', f));
  const lab = await loadMask(path.join(split, 'lab', f.replace(/\.[^.]+$/, '.png')));
  data.push({ gray: toGray(img), w: img.width, h: img.height, lab: lab.data });
}
for (const v of variants) {
  const p = { ...DEFAULT_CRACK_PARAMS, ...v };
  const post = { ...DEFAULT_POST, ...(v.post ?? {}) };
  const c0 = emptyCounts();
  const c2 = emptyCounts();
  const t0 = Date.now();
  let ois = 0;
  for (const d of data) {
    let s = crackScore(cv, d.gray, d.w, d.h, p);
    if (post.enabled) s = postProcessCrackScore(s, d.w, d.h, post);
    accumulate(c0, s, d.lab, d.w, d.h, 0);
    const ci = emptyCounts();
    accumulate(ci, s, d.lab, d.w, d.h, 0);
    ois += bestScores(ci).f / data.length;
    accumulate(c2, s, d.lab, d.w, d.h, 2);
  }
  console.log(JSON.stringify(v), `${Date.now() - t0}ms OIS=${ois.toFixed(4)}`);
  console.log('  ' + formatScoreLine('builtin', 0, bestScores(c0), data.length));
  console.log('  ' + formatScoreLine('builtin', 2, bestScores(c2), data.length));
}
