/**
 * npm run eval:vision -- --set <folder with img/ and lab/> [--detector <name>] [--limit n] [--tolerances 0,2]
 *                        [--write-docs] [--type crack]
 * Default set: the DeepCrack test split from the fixtures. Prints one line per detector and tolerance:
 * detector=<name> tolerance=<px> P=<p> R=<r> F=<f> mIoU=<m> threshold=<t> images=<n>
 */
import os from 'node:os';
import path from 'node:path';
import { deepCrackSplit } from '@sightline/imagery/test-fixtures';
import { REPO_ROOT } from '../paths.js';
import { evalTable, evaluateDetector, listPairs, type EvalRow } from '../evaluate.js';
import { formatScoreLine } from '../metrics.js';
import { availableDetectors, configFromEnv } from '../registry.js';
import { isScoringDetector, type DefectType } from '../types.js';
import { parseArgs, str, userPath } from './args.js';
import { readDocsSection, updateDocsSection } from './docs.js';

const args = parseArgs(process.argv.slice(2));
const setArg = str(args, 'set');
const set = setArg ? userPath(setArg) : deepCrackSplit('test');
if (!set) {
  console.error('no --set given and the DeepCrack test split is not in the fixtures (set SIGHTLINE_FIXTURES)');
  process.exit(2);
}
let pairs = listPairs(set);
const limit = Number(str(args, 'limit') ?? 0);
if (limit > 0) pairs = pairs.slice(0, limit);
const tolerances = (str(args, 'tolerances') ?? '0,2').split(',').map(Number);
const type = (str(args, 'type') ?? 'crack') as DefectType;
const want = str(args, 'detector');
const all = availableDetectors(configFromEnv());
const chosen = all.filter((d) => !want || d.name === want || d.name.split(':')[0] === want);
if (!chosen.length) {
  console.error(`detector "${want}" not available; have: ${all.map((d) => d.name).join(', ')}`);
  process.exit(2);
}
console.error(`set=${set} images=${pairs.length} detectors=${chosen.map((d) => d.name).join(',')}`);
const rows: EvalRow[] = [];
for (const d of chosen) {
  if (!isScoringDetector(d)) {
    console.error(`skip ${d.name}: it exposes no score map, so the threshold sweep cannot run`);
    continue;
  }
  if (!d.supportedTypes.includes(type)) {
    console.error(`skip ${d.name}: it does not claim ${type}`);
    continue;
  }
  const t0 = Date.now();
  const res = await evaluateDetector(d, pairs, {
    tolerances,
    type,
    onImage: (i) => {
      if (process.stderr.isTTY || (i + 1) % 50 === 0) process.stderr.write(`  ${d.name}: ${i + 1}/${pairs.length}\r`);
    },
  });
  process.stderr.write(`  ${d.name}: ${pairs.length} images in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  for (const r of res) console.log(formatScoreLine(r.detector, r.tolerance, r.scores, r.images));
  rows.push(...res);
  await d.close?.();
}
if (args['write-docs']) {
  const setName = path.relative(REPO_ROOT, set).startsWith('..')
    ? set.replace(/^.*fixtures\//, 'fixtures/')
    : path.relative(REPO_ROOT, set);
  const header = `Set: \`${setName}\` (${pairs.length} images), type \`${type}\`, DeepCrack protocol (ODS threshold from 0..0.99 step 0.01, counts summed over the set).`;
  // keep rows of detectors not re-run now, when the earlier table was for the same set
  const previous = await readDocsSection('evaluation');
  const kept: string[] = [];
  if (previous.startsWith(header)) {
    const names = new Set(rows.map((r) => r.detector));
    for (const line of previous.split('\n')) {
      const m = line.match(/^\| ([^|]+) \| \d+ \|/);
      if (m && !names.has(m[1]!.trim())) kept.push(line);
    }
  }
  const table = evalTable(rows).split('\n');
  const runNote = `Rows measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism?.() ?? os.cpus().length} cores, Node ${process.version} (ms / image includes decoding; the machine was shared).`;
  const body = [header, '', ...table.slice(0, 2), ...kept, ...table.slice(2), '', runNote].join('\n');
  await updateDocsSection('evaluation', body);
  console.error(`wrote docs/benchmarks.md (vision section, evaluation)`);
}
