/**
 * The vision block of docs/benchmarks.md holds two sub-sections (evaluation, throughput), each between its own
 * inner markers, so that eval and bench can update their part independently.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCS_END, DOCS_START, writeMarkedSection } from '../evaluate.js';
import { REPO_ROOT } from '../paths.js';

export const BENCH_DOC = path.join(REPO_ROOT, 'docs', 'benchmarks.md');

const TITLES: Record<string, string> = {
  evaluation: '### Defect detection: accuracy (`npm run eval:vision -- --write-docs`)',
  throughput: '### Defect detection: throughput (`npm run bench -w packages/vision -- --write-docs`)',
};

/** Current body of one sub-section (empty string when absent). */
export async function readDocsSection(name: 'evaluation' | 'throughput', file = BENCH_DOC): Promise<string> {
  const text = existsSync(file) ? await readFile(file, 'utf8') : '';
  const m = text.match(new RegExp(`<!-- vision-${name}:start -->([\\s\\S]*?)<!-- vision-${name}:end -->`));
  return m ? m[1]!.trim() : '';
}

export async function updateDocsSection(
  name: 'evaluation' | 'throughput',
  body: string,
  file = BENCH_DOC,
): Promise<void> {
  const text = existsSync(file) ? await readFile(file, 'utf8') : '';
  const s = text.indexOf(DOCS_START);
  const e = text.indexOf(DOCS_END);
  const current = s >= 0 && e > s ? text.slice(s + DOCS_START.length, e) : '';
  const sections: Record<string, string> = {};
  for (const key of Object.keys(TITLES)) {
    const m = current.match(new RegExp(`<!-- vision-${key}:start -->([\\s\\S]*?)<!-- vision-${key}:end -->`));
    if (m) sections[key] = m[1]!.trim();
  }
  sections[name] = body.trim();
  const parts = ['## Vision (packages/vision)', ''];
  for (const key of Object.keys(TITLES)) {
    if (!sections[key]) continue;
    parts.push(TITLES[key]!, '', `<!-- vision-${key}:start -->`, sections[key]!, `<!-- vision-${key}:end -->`, '');
  }
  await writeMarkedSection(file, parts.join('\n'));
}
