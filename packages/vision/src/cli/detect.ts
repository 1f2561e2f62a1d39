/**
 * npm run detect -- <image> [--detector builtin|onnx|remote|<name>] [--out <dir>] [--types crack,rust]
 *                           [--mask] [--threshold t] [--timeout ms] [--experimental]
 * Writes <out>/<image base>.<detector>.json (the DetectionResult) and <out>/<image base>.<detector>.png (overlay).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isVisionError } from '../errors.js';
import { VISION_ROOT } from '../paths.js';
import { renderOverlay } from '../overlay.js';
import { availableDetectors, configFromEnv, createDefaultDetector } from '../registry.js';
import type { DefectType, Detector } from '../types.js';
import { parseArgs, str, userPath } from './args.js';

const args = parseArgs(process.argv.slice(2));
const file = args._[0];
if (!file) {
  console.error(
    'usage: npm run detect -- <image> [--detector name] [--out dir] [--types crack,...] [--mask] [--threshold t]',
  );
  process.exit(2);
}
const cfg = configFromEnv();
if (args.experimental) cfg.builtin = { ...cfg.builtin, experimental: true };
const want = str(args, 'detector');
let detector: Detector;
if (!want) detector = createDefaultDetector(cfg);
else {
  const all = availableDetectors(cfg);
  const found = all.find((d) => d.name === want || d.name.split(':')[0] === want);
  if (!found) {
    console.error(`detector "${want}" not available; have: ${all.map((d) => d.name).join(', ')}`);
    process.exit(2);
  }
  detector = found;
}
const outDir = userPath(str(args, 'out') ?? path.join(VISION_ROOT, 'test-output', 'detect'));
const image = userPath(file);
const types = str(args, 'types')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean) as DefectType[] | undefined;
try {
  const t0 = Date.now();
  const result = await detector.detect(image, {
    ...(types ? { types } : {}),
    includeMask: !!args.mask,
    ...(str(args, 'timeout')
      ? { timeoutMs: Number(str(args, 'timeout')), postTimeoutMs: Number(str(args, 'timeout')) }
      : {}),
    ...(str(args, 'threshold') ? { threshold: Number(str(args, 'threshold')) } : {}),
  });
  const base = path.basename(image).replace(/\.[^.]+$/, '');
  const tag = detector.name.replace(/[^A-Za-z0-9_-]+/g, '-');
  await mkdir(outDir, { recursive: true });
  const jsonPath = path.join(outDir, `${base}.${tag}.json`);
  const pngPath = path.join(outDir, `${base}.${tag}.png`);
  await writeFile(jsonPath, JSON.stringify(result, null, 2));
  await writeFile(pngPath, await renderOverlay(image, result));
  console.log(
    `detector=${detector.name} image=${image} size=${result.width}x${result.height} detections=${result.detections.length} ms=${Date.now() - t0}`,
  );
  console.log(`json=${jsonPath}`);
  console.log(`overlay=${pngPath}`);
  await detector.close?.();
} catch (e) {
  if (isVisionError(e)) {
    console.error(`error key=${e.key} reason=${e.reason}: ${e.message}`);
    process.exit(1);
  }
  throw e;
}
