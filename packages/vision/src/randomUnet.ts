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
import { rng } from './synthetic.js';

/** Minimal protobuf writer: just the wire types ONNX's messages need. */
class Proto {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  private push(b: Uint8Array): void {
    this.parts.push(b);
    this.size += b.length;
  }

  private varint(v: number): void {
    const out: number[] = [];
    let n = BigInt.asUintN(64, BigInt(v));
    do {
      let byte = Number(n & 0x7fn);
      n >>= 7n;
      if (n > 0n) byte |= 0x80;
      out.push(byte);
    } while (n > 0n);
    this.push(Uint8Array.from(out));
  }

  int(field: number, v: number): this {
    this.varint(field << 3);
    this.varint(v);
    return this;
  }

  bytes(field: number, b: Uint8Array): this {
    this.varint((field << 3) | 2);
    this.varint(b.length);
    this.push(b);
    return this;
  }

  str(field: number, s: string): this {
    return this.bytes(field, new TextEncoder().encode(s));
  }

  msg(field: number, m: Proto): this {
    return this.bytes(field, m.finish());
  }

  finish(): Uint8Array {
    const out = new Uint8Array(this.size);
    let o = 0;
    for (const p of this.parts) {
      out.set(p, o);
      o += p.length;
    }
    return out;
  }
}

const FLOAT = 1; // TensorProto.DataType
const ATTR_INT = 2;
const ATTR_INTS = 7;

function intsAttr(name: string, values: number[]): Proto {
  const a = new Proto().str(1, name);
  for (const v of values) a.int(8, v);
  return a.int(20, ATTR_INTS);
}

function intAttr(name: string, value: number): Proto {
  return new Proto().str(1, name).int(3, value).int(20, ATTR_INT);
}

function tensorValue(name: string, dims: Array<number | string>): Proto {
  const shape = new Proto();
  for (const d of dims) shape.msg(1, typeof d === 'number' ? new Proto().int(1, d) : new Proto().str(2, d));
  const tensorType = new Proto().int(1, FLOAT).msg(2, shape);
  return new Proto().str(1, name).msg(2, new Proto().msg(1, tensorType));
}

/** ONNX bytes of the U-Net with the given channel widths (five levels) and He-initialised random weights. */
export function randomUnetOnnx(widths: readonly number[] = [16, 32, 48, 64, 96], seed = 1): Uint8Array {
  const random = rng(seed);
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const graph = new Proto().str(2, 'crack-unet-random');
  let count = 0;
  const weight = (dims: number[], fanIn: number): string => {
    const name = `w${count++}`;
    const n = dims.reduce((a, b) => a * b, 1);
    const sd = Math.sqrt(2 / fanIn);
    const data = Float32Array.from({ length: n }, () => gauss() * sd);
    const t = new Proto();
    for (const d of dims) t.int(1, d);
    t.int(2, FLOAT).str(8, name).bytes(9, new Uint8Array(data.buffer));
    graph.msg(5, t);
    return name;
  };
  const node = (op: string, inputs: string[], attrs: Proto[] = [], out = `t${count++}`): string => {
    const n = new Proto();
    for (const i of inputs) n.str(1, i);
    n.str(2, out).str(3, out).str(4, op);
    for (const a of attrs) n.msg(5, a);
    graph.msg(1, n);
    return out;
  };
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
  graph.msg(11, tensorValue('input', ['n', 3, 'h', 'w']));
  graph.msg(12, tensorValue(prob, ['n', 1, 'h', 'w']));
  return new Proto()
    .int(1, 8) // IR version 8
    .str(2, 'sightline randomUnet.ts')
    .msg(7, graph)
    .msg(8, new Proto().str(1, '').int(2, 17))
    .finish();
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
