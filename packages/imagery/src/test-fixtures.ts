/**
 * The one place this package's tests find the read-only shared fixtures (never copied into the repository).
 * `SIGHTLINE_FIXTURES` wins; otherwise `<repo>/../shared/fixtures`, as in packages/vision and the server.
 * Tests skip with `missingFixtureMessage` when a fixture is absent, so the suite still runs elsewhere.
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

/** A fixture's path, e.g. `fixturePath('drone-photos')` (it may not exist: check before use). */
export function fixturePath(...parts: string[]): string {
  return path.join(fixturesRoot(), ...parts);
}

/** A fixture's bytes, e.g. `readFixture('drone-photos', 'DJI_0012.JPG')`, or null when it is absent. */
export function readFixture(...parts: string[]): Buffer | null {
  const file = path.join(fixturesRoot(), ...parts);
  return existsSync(file) ? readFileSync(file) : null;
}

export function missingFixtureMessage(...parts: string[]): string {
  return `skipped: fixture ${parts.join('/')} not found under ${fixturesRoot()} (set SIGHTLINE_FIXTURES)`;
}
