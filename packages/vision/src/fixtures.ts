/**
 * The single place that knows where the read-only test fixtures live.
 * `SIGHTLINE_FIXTURES` wins; otherwise `<repo>/../shared/fixtures` (the layout of the dev machines).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** packages/vision/src -> repo root */
export const REPO_ROOT = path.resolve(here, '..', '..', '..');
export const VISION_ROOT = path.resolve(here, '..');

export function fixturesRoot(): string {
  const env = process.env.SIGHTLINE_FIXTURES;
  if (env) return path.resolve(env);
  return path.resolve(REPO_ROOT, '..', 'shared', 'fixtures');
}

export function fixturePath(...parts: string[]): string {
  return path.join(fixturesRoot(), ...parts);
}

export function hasFixture(...parts: string[]): boolean {
  return existsSync(fixturePath(...parts));
}

/** DeepCrack split folder (holding img/ and lab/), or null if absent. */
export function deepCrackSplit(split: 'train' | 'test'): string | null {
  const p = fixturePath('deepcrack', split);
  return existsSync(path.join(p, 'img')) && existsSync(path.join(p, 'lab')) ? p : null;
}

export function droneFixture(name: string): string | null {
  const p = fixturePath('drone-photos', name);
  return existsSync(p) ? p : null;
}

/** Message used by tests that skip without fixtures. */
export function missingFixturesMessage(what: string): string {
  return `skipped: fixture ${what} not found under ${fixturesRoot()} (set SIGHTLINE_FIXTURES)`;
}
