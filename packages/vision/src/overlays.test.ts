/**
 * Saves overlays of five DeepCrack test images for each available detector to packages/vision/test-output/overlays
 * (gitignored), for a person to look at. Skips when the fixtures are absent.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deepCrackSplit, missingFixtureMessage } from '@sightline/imagery/test-fixtures';
import { VISION_ROOT } from './paths.js';
import { renderOverlay } from './overlay.js';
import { availableDetectors } from './registry.js';

const split = deepCrackSplit('test');
const OUT = path.join(VISION_ROOT, 'test-output', 'overlays');
const NAMES = ['11125-1', '11171', '11215-5', '11231-1', '11216'];
const detectors = availableDetectors({});

afterAll(async () => {
  for (const d of detectors) await d.close?.();
});

if (!split) console.info(missingFixtureMessage('deepcrack', 'test'));

describe.skipIf(!split)('overlays for a person to look at', () => {
  const files = split ? readdirSync(path.join(split, 'img')) : [];
  const chosen = NAMES.map((n) => files.find((f) => f.startsWith(n + '.'))).filter((f): f is string => !!f);
  while (chosen.length < 5) chosen.push(files.filter((f) => !chosen.includes(f)).sort()[0]!);
  for (const det of detectors) {
    it(`writes five overlays for ${det.name}`, async () => {
      mkdirSync(OUT, { recursive: true });
      for (const f of chosen) {
        const p = path.join(split!, 'img', f);
        const res = await det.detect(p);
        const png = await renderOverlay(p, res);
        const base = f.replace(/\.[^.]+$/, '');
        const tag = det.name.replace(/[^A-Za-z0-9_-]+/g, '-');
        writeFileSync(path.join(OUT, `${base}.${tag}.png`), png);
        writeFileSync(path.join(OUT, `${base}.${tag}.json`), JSON.stringify(res, null, 1));
        expect(res.detections.length).toBeGreaterThan(0);
      }
    }, 120_000);
  }
});
