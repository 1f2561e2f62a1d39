/**
 * The one place server and e2e tests find the read-only 3D Tiles samples (never copied into the repository).
 * `SIGHTLINE_FIXTURES` wins; otherwise `<repo>/../shared/fixtures`. Tests skip with `missingTilesetMessage`
 * when the samples are absent, so the suite still runs elsewhere and says what it left out.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** server/src/platform/archive -> repository root */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

export function fixturesRoot(): string {
  const fromEnv = process.env.SIGHTLINE_FIXTURES;
  return fromEnv ? path.resolve(fromEnv) : path.resolve(REPO_ROOT, '..', 'shared', 'fixtures');
}

/** The samples folder, e.g. `tilesetSample('1.0/TilesetWithDiscreteLOD')`, or null when it is absent. */
export function tilesetSample(relative: string): string | null {
  const folder = path.join(fixturesRoot(), '3dtiles-samples', relative);
  return existsSync(path.join(folder, 'tileset.json')) ? folder : null;
}

export function missingTilesetMessage(relative: string): string {
  return `skipped: 3D Tiles sample ${relative} not found under ${fixturesRoot()} (set SIGHTLINE_FIXTURES)`;
}
