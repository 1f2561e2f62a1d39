/** One worker of `npm run bench`: builds its detector, warms it up, then runs the photo when told to. */
import { parentPort, workerData } from 'node:worker_threads';
import { BuiltinDetector } from '../builtin.js';
import { OnnxDetector } from '../onnx.js';
import type { Detector } from '../types.js';

export type DetectorSpec =
  { kind: 'builtin' } | { kind: 'onnx'; modelPath: string; threads: number; threshold?: number };
export interface WorkerDone {
  detector: string;
  detections: number;
}

const { spec, jpeg, photos } = workerData as { spec: DetectorSpec; jpeg: Uint8Array; photos: number };
const detector: Detector =
  spec.kind === 'builtin'
    ? new BuiltinDetector()
    : new OnnxDetector({ modelPath: spec.modelPath, threads: spec.threads });
// warm-up: OpenCV.js compiles its WebAssembly, onnxruntime builds its session
await detector.detect({ width: 96, height: 64, data: new Uint8Array(96 * 64 * 3).fill(128) });
parentPort!.postMessage('ready');
parentPort!.once('message', async () => {
  let detections = 0;
  for (let i = 0; i < photos; i++) {
    const threshold = spec.kind === 'onnx' ? spec.threshold : undefined;
    const r = await detector.detect(jpeg, {
      timeoutMs: 3_600_000,
      postTimeoutMs: 3_600_000,
      ...(threshold ? { threshold } : {}),
    });
    detections = r.detections.length;
  }
  await detector.close?.();
  parentPort!.postMessage({ detector: detector.name, detections } satisfies WorkerDone);
});
