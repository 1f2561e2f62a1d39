/**
 * The crack U-Net's architecture (tools/vision/train_crack_unet.py) as an ONNX file with random weights, written
 * without Python: it measures the learned path's speed honestly where the trained weights may not be shipped
 * (they derive from research-only data) and Torch is not installed. Its output means nothing.
 *
 * The network: four levels of two 3x3 convolutions with ReLU (BatchNorm folded into the convolution, as the
 * exported model has it after graph optimisation), 2x2 max-pooling down, 2x2 stride-2 transposed convolutions up,
 * skip connections by concatenation, a 1x1 head and a sigmoid.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { intAttr, intsAttr, OnnxGraphWriter } from './onnxWriter.js';
import { rng } from './synthetic.js';

/** ONNX bytes of the U-Net with the given channel widths (five levels) and He-initialised random weights. */
export function randomUnetOnnx(widths: readonly number[] = [16, 32, 48, 64, 96], seed = 1): Uint8Array {
  const random = rng(seed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const graph = new OnnxGraphWriter('crack-unet-random');
  const weight = (dims: number[], fanIn: number): string => {
    const sd = Math.sqrt(2 / fanIn);
    const n = dims.reduce((a, b) => a * b, 1);
    return graph.initializer(
      dims,
      Float32Array.from({ length: n }, () => gauss() * sd),
    );
  };
  const node = graph.node.bind(graph);
  const conv = (x: string, cin: number, cout: number, k: number): string =>
    node(
      'Conv',
      [x, weight([cout, cin, k, k], cin * k * k), weight([cout], cin * k * k)],
      [intsAttr('kernel_shape', [k, k]), intsAttr('pads', k === 3 ? [1, 1, 1, 1] : [0, 0, 0, 0])],
    );
  const block = (x: string, cin: number, cout: number): string =>
    node('Relu', [conv(node('Relu', [conv(x, cin, cout, 3)]), cout, cout, 3)]);
  const pool = (x: string): string =>
    node('MaxPool', [x], [intsAttr('kernel_shape', [2, 2]), intsAttr('strides', [2, 2])]);
  const up = (x: string, cin: number, cout: number): string =>
    node(
      'ConvTranspose',
      [x, weight([cin, cout, 2, 2], cin * 4), weight([cout], cin * 4)],
      [intsAttr('kernel_shape', [2, 2]), intsAttr('strides', [2, 2])],
    );
  const c = widths;
  const e0 = block('input', 3, c[0]!);
  const e1 = block(pool(e0), c[0]!, c[1]!);
  const e2 = block(pool(e1), c[1]!, c[2]!);
  const e3 = block(pool(e2), c[2]!, c[3]!);
  const m = block(pool(e3), c[3]!, c[4]!);
  const cat = (a: string, b: string): string => node('Concat', [a, b], [intAttr('axis', 1)]);
  const d3 = block(cat(up(m, c[4]!, c[3]!), e3), c[3]! * 2, c[3]!);
  const d2 = block(cat(up(d3, c[3]!, c[2]!), e2), c[2]! * 2, c[2]!);
  const d1 = block(cat(up(d2, c[2]!, c[1]!), e1), c[1]! * 2, c[1]!);
  const d0 = block(cat(up(d1, c[1]!, c[0]!), e0), c[0]! * 2, c[0]!);
  const prob = node('Sigmoid', [conv(d0, c[0]!, 1, 1)], [], 'prob');
  graph.input('input', ['n', 3, 'h', 'w']);
  graph.output(prob, ['n', 1, 'h', 'w']);
  return graph.finish('sightline randomUnet.ts');
}

/**
 * Write `<dir>/<name>.onnx` and its sidecar, declaring the input and output as the training tool's export
 * does, and saying plainly that the weights are random. Returns the model path.
 */
export function writeRandomUnet(dir: string, name = 'crack-unet-random', widths?: readonly number[]): string {
  const bytes = randomUnetOnnx(widths);
  const modelPath = path.join(dir, `${name}.onnx`);
  writeFileSync(modelPath, bytes);
  const meta = {
    format: 'sightline-seg-v1',
    name,
    architecture: `U-Net 4 levels, widths ${(widths ?? [16, 32, 48, 64, 96]).join(',')}, random weights`,
    input: {
      name: 'input',
      layout: 'NCHW',
      colour: 'RGB',
      scale: 1 / 255,
      mean: [0.485, 0.456, 0.406],
      std: [0.229, 0.224, 0.225],
      multipleOf: 16,
      tileSize: 768,
      tileOverlap: 64,
    },
    output: { name: 'prob', kind: 'sigmoid-probability', classes: [{ channel: 0, code: 'crack' }] },
    defaultThreshold: 0.5,
    provenance: {
      data: 'none: random weights, for speed measurements only',
      tool: 'packages/vision/src/randomUnet.ts',
    },
  };
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(meta, null, 2));
  return modelPath;
}
