/**
 * The built-in detector: classical image analysis, no model file.
 *
 * Claimed (measured on data): crack. Experimental, only on explicit request and only when constructed with
 * `experimental: true`: rust (colour rule; not measured on labelled data, so not claimed).
 */
import { postProcessCrackScore, DEFAULT_POST, type CrackPostParams } from './crackPost.js';
import {
  crackContextPx,
  crackResponse,
  crackTileAlign,
  normaliseCrackResponse,
  DEFAULT_CRACK_PARAMS,
  type CrackScoreParams,
} from './crackScore.js';
import type { Deadline } from './errors.js';
import { cropGray, toGray } from './image.js';
import { loadOpenCv } from './opencv.js';
import { nextTick, ScoreMapDetector } from './pipeline.js';
import { planTiles, stitchTile } from './tiling.js';
import { profileWidths } from './profileWidth.js';
import type { DefectType, Detection, RgbImage, ScoreMap } from './types.js';

export interface BuiltinOptions {
  crack?: Partial<CrackScoreParams>;
  post?: Partial<CrackPostParams>;
  /** Operating threshold on the crack score map (default: the ODS threshold measured on the train split). */
  threshold?: number;
  tileSize?: number;
  tileOverlap?: number;
  /** Allow the unmeasured colour rule for rust when asked for explicitly. */
  experimental?: boolean;
}

/** ODS threshold of the default parameters on the DeepCrack train split. */
export const BUILTIN_CRACK_THRESHOLD = 0.23;

export class BuiltinDetector extends ScoreMapDetector {
  readonly name = 'builtin';
  readonly supportedTypes: readonly DefectType[] = ['crack'];
  readonly defaultThreshold: number;
  private readonly crack: CrackScoreParams;
  private readonly post: CrackPostParams;
  private readonly tileSize: number;
  private readonly tileOverlap: number;

  constructor(opts: BuiltinOptions = {}) {
    super();
    this.crack = { ...DEFAULT_CRACK_PARAMS, ...opts.crack };
    this.post = { ...DEFAULT_POST, ...opts.post };
    this.defaultThreshold = opts.threshold ?? BUILTIN_CRACK_THRESHOLD;
    // Large tiles waste little on overlap; the overlap only has to hold the response's own reach on both sides.
    this.tileSize = opts.tileSize ?? 2048;
    this.tileOverlap = opts.tileOverlap ?? 2 * (crackContextPx(this.crack) + crackTileAlign(this.crack));
    if (opts.experimental) this.extraTypes = ['rust'];
  }

  protected async computeScoreMaps(
    img: RgbImage,
    types: DefectType[],
    deadline: Deadline,
  ): Promise<Partial<Record<DefectType, ScoreMap>>> {
    const out: Partial<Record<DefectType, ScoreMap>> = {};
    if (types.includes('crack')) out.crack = await this.crackMap(img, deadline);
    if (types.includes('rust')) out.rust = rustScore(img);
    return out;
  }

  /** Replace mask-based widths by the full width at half depth of the image profile where it is clear. */
  protected override refine(img: RgbImage, detections: Detection[]): void {
    const lines = detections.filter((d) => d.geometry.kind === 'polyline');
    if (!lines.length) return;
    const gray = grayOf(img);
    for (const d of lines) {
      const g = d.geometry;
      if (g.kind !== 'polyline') continue;
      const measured = profileWidths(gray, img.width, img.height, g.points);
      g.widths = g.widths.map((w, i) => Math.round((measured[i] ?? w) * 100) / 100);
      g.meanWidthPx = Math.round((g.widths.reduce((a, b) => a + b, 0) / Math.max(1, g.widths.length)) * 100) / 100;
      g.maxWidthPx = Math.max(...g.widths);
    }
  }

  private async crackMap(img: RgbImage, deadline: Deadline): Promise<ScoreMap> {
    const cv = await loadOpenCv();
    const { width, height } = img;
    const gray = grayOf(img);
    const raw = new Float32Array(width * height);
    const align = crackTileAlign(this.crack);
    for (const tile of planTiles(width, height, this.tileSize, this.tileOverlap, align)) {
      deadline.check();
      const whole = tile.width === width && tile.height === height;
      const sub = whole ? gray : cropGray(gray, width, tile.x, tile.y, tile.width, tile.height);
      const resp = crackResponse(cv, sub, tile.width, tile.height, this.crack);
      stitchTile(raw, width, tile, resp);
      await nextTick();
    }
    deadline.check();
    normaliseCrackResponse(raw, this.crack);
    const post = { ...this.post, minExtent: Math.min(this.post.minExtent, 0.5 * Math.min(width, height)) };
    const data = post.enabled ? postProcessCrackScore(raw, width, height, post) : raw;
    return { width, height, data };
  }
}

/** Grey of a decoded image, computed once for the score map and again needed by the width refinement. */
const greyCache = new WeakMap<RgbImage, Uint8Array>();
function grayOf(img: RgbImage): Uint8Array {
  let g = greyCache.get(img);
  if (!g) greyCache.set(img, (g = toGray(img)));
  return g;
}

/**
 * Experimental rust score: orange-brown hue with enough saturation, neither too dark nor blown out.
 * Not measured on labelled data (no labelled rust set is available), hence not claimed.
 */
export function rustScore(img: RgbImage): ScoreMap {
  const { width, height, data } = img;
  const out = new Float32Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) {
    const r = data[j]! / 255;
    const g = data[j + 1]! / 255;
    const b = data[j + 2]! / 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const c = max - min;
    if (max !== r || c < 0.08 || max < 0.15) continue;
    const hue = (60 * ((g - b) / c) + 360) % 360; // red sector
    const sat = c / max;
    const hueOk =
      hue >= 8 && hue <= 40 ? 1 : hue > 40 && hue < 50 ? (50 - hue) / 10 : hue > 2 && hue < 8 ? (hue - 2) / 6 : 0;
    const satOk = Math.min(1, Math.max(0, (sat - 0.3) / 0.3));
    const valOk = max > 0.95 && sat < 0.4 ? 0 : 1;
    out[i] = hueOk * satOk * valOk;
  }
  return { width, height, data: out };
}
