/**
 * Writes ONNX files without Python or an ONNX library: a minimal protobuf encoder and a graph builder holding just
 * what our fully convolutional models need (float32 initialisers, nodes with int attributes, named inputs and
 * outputs with symbolic dimensions). Used for the random-weight U-Net and for the small trained segmenter.
 */

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

/** An attribute of a node (AttributeProto). */
export type OnnxAttribute = Proto;

const FLOAT = 1; // TensorProto.DataType
const ATTR_INT = 2;
const ATTR_INTS = 7;

export function intsAttr(name: string, values: readonly number[]): OnnxAttribute {
  const a = new Proto().str(1, name);
  for (const v of values) a.int(8, v);
  return a.int(20, ATTR_INTS);
}

export function intAttr(name: string, value: number): OnnxAttribute {
  return new Proto().str(1, name).int(3, value).int(20, ATTR_INT);
}

function tensorValue(name: string, dims: ReadonlyArray<number | string>): Proto {
  const shape = new Proto();
  for (const d of dims) shape.msg(1, typeof d === 'number' ? new Proto().int(1, d) : new Proto().str(2, d));
  const tensorType = new Proto().int(1, FLOAT).msg(2, shape);
  return new Proto().str(1, name).msg(2, new Proto().msg(1, tensorType));
}

/** A float32 ONNX graph built node by node; `finish` gives the model's bytes (IR 8, opset 17). */
export class OnnxGraphWriter {
  private readonly graph: Proto;
  private count = 0;

  constructor(name: string) {
    this.graph = new Proto().str(2, name);
  }

  /** Add a float32 initialiser (row-major, `dims`) and return its name. */
  initializer(dims: readonly number[], data: Float32Array): string {
    const name = `w${this.count++}`;
    const t = new Proto();
    for (const d of dims) t.int(1, d);
    // a copy: the caller's array may be a view into a larger buffer
    t.int(2, FLOAT)
      .str(8, name)
      .bytes(9, new Uint8Array(Float32Array.from(data).buffer));
    this.graph.msg(5, t);
    return name;
  }

  /** Add a node and return the name of its (single) output. */
  node(op: string, inputs: readonly string[], attrs: readonly OnnxAttribute[] = [], out = `t${this.count++}`): string {
    const n = new Proto();
    for (const i of inputs) n.str(1, i);
    n.str(2, out).str(3, out).str(4, op);
    for (const a of attrs) n.msg(5, a);
    this.graph.msg(1, n);
    return out;
  }

  input(name: string, dims: ReadonlyArray<number | string>): void {
    this.graph.msg(11, tensorValue(name, dims));
  }

  output(name: string, dims: ReadonlyArray<number | string>): void {
    this.graph.msg(12, tensorValue(name, dims));
  }

  finish(producer: string): Uint8Array {
    return new Proto()
      .int(1, 8) // IR version 8
      .str(2, producer)
      .msg(7, this.graph)
      .msg(8, new Proto().str(1, '').int(2, 17))
      .finish();
  }
}
