/**
 * 'Same'-padded 2-D convolution forward and backward on plain Float32Arrays (one image, [C][H][W] row-major), and
 * Adam. Written by hand because no JavaScript training library fits here: TensorFlow.js for Node is a native build
 * of libtensorflow (hundreds of MB, not installed), ConvNetJS is unmaintained, and onnxruntime-node only infers.
 * Our nets are a few narrow layers, so direct loops over contiguous rows are fast enough for minutes of CPU training.
 */

export interface ConvLayer {
  cin: number;
  cout: number;
  /** Kernel size (odd). */
  k: number;
  dilation: number;
  /** [cout][cin][k][k] */
  weight: Float32Array;
  bias: Float32Array;
}

/** Zero padding on each side that keeps the output the input's size. */
export const padOf = (l: Pick<ConvLayer, 'k' | 'dilation'>): number => (l.dilation * (l.k - 1)) / 2;

/** Calls f(o, i, n) for every output row segment [o, o+n) reading the input row segment [i, i+n) for tap (ky, kx). */
function forTap(
  l: ConvLayer,
  h: number,
  w: number,
  ky: number,
  kx: number,
  f: (y0: number, y1: number, dx: number, dy: number, x0: number, x1: number) => void,
): void {
  const pad = padOf(l);
  const dy = ky * l.dilation - pad;
  const dx = kx * l.dilation - pad;
  f(Math.max(0, -dy), Math.min(h, h - dy), dx, dy, Math.max(0, -dx), Math.min(w, w - dx));
}

/** out = conv(x) + bias; out has cout*h*w values. */
export function convForward(l: ConvLayer, x: Float32Array, h: number, w: number, out: Float32Array): void {
  const hw = h * w;
  for (let co = 0; co < l.cout; co++) out.fill(l.bias[co]!, co * hw, (co + 1) * hw);
  for (let ky = 0; ky < l.k; ky++) {
    for (let kx = 0; kx < l.k; kx++) {
      forTap(l, h, w, ky, kx, (y0, y1, dx, dy, x0, x1) => {
        for (let co = 0; co < l.cout; co++) {
          for (let ci = 0; ci < l.cin; ci++) {
            const wv = l.weight[((co * l.cin + ci) * l.k + ky) * l.k + kx]!;
            for (let y = y0; y < y1; y++) {
              const o = co * hw + y * w;
              const i = ci * hw + (y + dy) * w + dx;
              for (let xx = x0; xx < x1; xx++) out[o + xx] = out[o + xx]! + wv * x[i + xx]!;
            }
          }
        }
      });
    }
  }
}

/**
 * Given dLoss/dOut, add dLoss/dWeight and dLoss/dBias into gw and gb, and (when gx is given) set gx to dLoss/dx.
 */
export function convBackward(
  l: ConvLayer,
  x: Float32Array,
  h: number,
  w: number,
  gOut: Float32Array,
  gw: Float32Array,
  gb: Float32Array,
  gx: Float32Array | null,
): void {
  const hw = h * w;
  for (let co = 0; co < l.cout; co++) {
    let s = 0;
    for (let p = co * hw; p < (co + 1) * hw; p++) s += gOut[p]!;
    gb[co] = gb[co]! + s;
  }
  gx?.fill(0);
  for (let ky = 0; ky < l.k; ky++) {
    for (let kx = 0; kx < l.k; kx++) {
      forTap(l, h, w, ky, kx, (y0, y1, dx, dy, x0, x1) => {
        for (let co = 0; co < l.cout; co++) {
          for (let ci = 0; ci < l.cin; ci++) {
            const wi = ((co * l.cin + ci) * l.k + ky) * l.k + kx;
            const wv = l.weight[wi]!;
            let acc = 0;
            for (let y = y0; y < y1; y++) {
              const o = co * hw + y * w;
              const i = ci * hw + (y + dy) * w + dx;
              if (gx) {
                for (let xx = x0; xx < x1; xx++) {
                  const g = gOut[o + xx]!;
                  acc += g * x[i + xx]!;
                  gx[i + xx] = gx[i + xx]! + wv * g;
                }
              } else {
                for (let xx = x0; xx < x1; xx++) acc += gOut[o + xx]! * x[i + xx]!;
              }
            }
            gw[wi] = gw[wi]! + acc;
          }
        }
      });
    }
  }
}

/** Adam (Kingma & Ba) over a list of parameter arrays, with their gradient arrays. */
export class Adam {
  private readonly m: Float32Array[];
  private readonly v: Float32Array[];
  private t = 0;

  constructor(
    private readonly params: Float32Array[],
    private readonly beta1 = 0.9,
    private readonly beta2 = 0.999,
    private readonly eps = 1e-8,
  ) {
    this.m = params.map((p) => new Float32Array(p.length));
    this.v = params.map((p) => new Float32Array(p.length));
  }

  /** One step with learning rate lr on gradients scaled by `scale` (1 / batch size). */
  step(grads: Float32Array[], lr: number, scale: number): void {
    this.t++;
    const c1 = 1 - this.beta1 ** this.t;
    const c2 = 1 - this.beta2 ** this.t;
    this.params.forEach((p, k) => {
      const g = grads[k]!;
      const m = this.m[k]!;
      const v = this.v[k]!;
      for (let i = 0; i < p.length; i++) {
        const gi = g[i]! * scale;
        m[i] = this.beta1 * m[i]! + (1 - this.beta1) * gi;
        v[i] = this.beta2 * v[i]! + (1 - this.beta2) * gi * gi;
        p[i] = p[i]! - (lr * (m[i]! / c1)) / (Math.sqrt(v[i]! / c2) + this.eps);
      }
    });
  }
}
