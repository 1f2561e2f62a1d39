/**
 * The one place tests, benchmarks and the vision tools find the read-only shared fixtures (never copied into the
 * repository): their root, a fixture's path or bytes, the few datasets looked up by shape, and the skip messages.
 * `SIGHTLINE_FIXTURES` wins; otherwise `<repo>/../shared/fixtures`, the layout of the dev machines. Callers skip
 * with a `missing…Message` when a fixture is absent, so the suite still runs elsewhere and says what it left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/imagery/src -> repository root */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function fixturesRoot(): string {
  const fromEnv = process.env.SIGHTLINE_FIXTURES;
  return fromEnv ? path.resolve(fromEnv) : path.resolve(REPO_ROOT, '..', 'shared', 'fixtures');
}

function notFound(what: string): string {
  return `skipped: ${what} not found under ${fixturesRoot()} (set SIGHTLINE_FIXTURES)`;
}

/** A fixture's path, e.g. `fixturePath('drone-photos')` (it may not exist: check before use). */
export function fixturePath(...parts: string[]): string {
  return path.join(fixturesRoot(), ...parts);
}

/** A fixture's bytes, e.g. `readFixture('drone-photos', 'DJI_0012.JPG')`, or null when it is absent. */
export function readFixture(...parts: string[]): Buffer | null {
  const file = fixturePath(...parts);
  return existsSync(file) ? readFileSync(file) : null;
}

export function missingFixtureMessage(...parts: string[]): string {
  return notFound(`fixture ${parts.join('/')}`);
}

/** A drone photo's path, e.g. `droneFixture('DJI_0012.JPG')`, or null when it is absent. */
export function droneFixture(name: string): string | null {
  const file = fixturePath('drone-photos', name);
  return existsSync(file) ? file : null;
}

/** A DeepCrack split folder (holding img/ and lab/), or null when it is absent. */
export function deepCrackSplit(split: 'train' | 'test'): string | null {
  const folder = fixturePath('deepcrack', split);
  return existsSync(path.join(folder, 'img')) && existsSync(path.join(folder, 'lab')) ? folder : null;
}

/** A 3D Tiles samples folder, e.g. `tilesetSample('1.0/TilesetWithDiscreteLOD')`, or null when it is absent. */
export function tilesetSample(relative: string): string | null {
  const folder = fixturePath('3dtiles-samples', relative);
  return existsSync(path.join(folder, 'tileset.json')) ? folder : null;
}

export function missingTilesetMessage(relative: string): string {
  return notFound(`3D Tiles sample ${relative}`);
}
