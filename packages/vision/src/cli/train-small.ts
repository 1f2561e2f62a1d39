/**
 * npm run train:small -w packages/vision -- --data <training set> --out <model.onnx> [--seconds 300] [--steps n] [--seed 1]
 *
 * Trains the small CPU segmenter (src/train/smallSegmenter.ts) on a training set in the exported layout (or a
 * DeepCrack copy) and writes the .onnx with its sidecar; prints the metrics, held-back F included when the set has
 * a test/ split.
 */
import { trainSmallSegmenter } from '../train/smallSegmenter.js';
import { parseArgs, str, userPath } from './args.js';

const args = parseArgs(process.argv.slice(2));
const data = str(args, 'data');
const out = str(args, 'out');
if (!data || !out) {
  console.error('usage: --data <training set dir> --out <model.onnx> [--seconds n] [--steps n] [--seed n]');
  process.exit(2);
}
const steps = str(args, 'steps');
const result = await trainSmallSegmenter({
  dataDir: userPath(data),
  outPath: userPath(out),
  seconds: Number(str(args, 'seconds') ?? 300),
  seed: Number(str(args, 'seed') ?? 1),
  ...(steps ? { maxSteps: Number(steps) } : {}),
  onProgress: (step, loss) => console.log(`step ${step} loss ${loss.toFixed(4)}`),
});
console.log(JSON.stringify(result, null, 2));
