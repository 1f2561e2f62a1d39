/**
 * Monitoring targets (SPEC sections 3 and 4, "target identification"): finding a target's centre on a photo to a
 * fraction of a pixel, so that the displacement between a baseline photo and a later round's photo can be measured
 * in millimetres (packages/geo target-displacement.ts turns the pixels into millimetres).
 *
 * Three kinds of target, all found inside a search window (a 20-megapixel photo is searched only around where the
 * target was, which is what makes identification fast):
 * - an ArUco marker (physical): OpenCV's ArUco detector with sub-pixel corner refinement; the centre is where the
 *   marker's diagonals cross, which stays the square's centre under perspective, unlike the corners' mean;
 * - a circular marker (physical): the dark disc's centroid, each pixel weighted by how dark it is between the
 *   window's two Otsu classes, so the anti-aliased rim counts by the fraction of it the disc covers;
 * - a patch (virtual): the baseline photo's rectangle found again by normalised cross-correlation
 *   (cv.matchTemplate), its peak refined by a parabola through the neighbouring scores on each axis.
 *
 * Pure computation on decoded grey images: no file, no network. OpenCV comes from `loadOpenCv` (opencv.ts).
 */
import type { ArucoDictionaryName } from '@sightline/shared';
import { loadOpenCv, type CV } from './opencv.js';

/** An 8-bit single-channel image, rows top to bottom. */
export interface GrayImage {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** A rectangle in pixels, from the image's top-left corner. */
export interface PixelRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A target's centre in the photo's pixels ((0, 0) is the first pixel's top-left corner) and the match quality. */
export interface TargetFix {
  readonly x: number;
  readonly y: number;
  /** 1 for an ArUco marker decoded with its id; the correlation (−1..1) for a patch; the disc's contrast (0..1) for a circle. */
  readonly score: number;
}

/** The ArUco dictionaries a physical target may be printed from: the contract's list (OpenCV's predefined ones). */
export type ArucoDictionary = ArucoDictionaryName;

/** Lowest correlation at which a patch counts as found again. */
export const PATCH_MIN_SCORE = 0.6;
/** Lowest contrast (dark class against bright class, 0..255 scaled to 0..1) at which a circle counts as found. */
export const CIRCLE_MIN_CONTRAST = 0.15;

/** The part of `rect` inside the image, whole pixels; null when nothing of it is. */
export function clampRect(image: { width: number; height: number }, rect: PixelRect): PixelRect | null {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(image.width, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(image.height, Math.ceil(rect.y + rect.height));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** A rectangle grown by `margin` pixels on every side. */
export function growRect(rect: PixelRect, margin: number): PixelRect {
  return { x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin };
}

/** A copy of the image's pixels inside `rect` (clamped to the image). */
export function cropGray(image: GrayImage, rect: PixelRect): GrayImage {
  const area = clampRect(image, rect);
  if (!area) return { data: new Uint8Array(0), width: 0, height: 0 };
  const data = new Uint8Array(area.width * area.height);
  for (let row = 0; row < area.height; row += 1) {
    const start = (area.y + row) * image.width + area.x;
    data.set(image.data.subarray(start, start + area.width), row * area.width);
  }
  return { data, width: area.width, height: area.height };
}

function toMat(cv: CV, image: GrayImage): CV {
  const mat = new cv.Mat(image.height, image.width, cv.CV_8UC1);
  mat.data.set(image.data);
  return mat;
}

/** Runs `work` on the window's pixels as a Mat (freed after), with the window's offset; null for an empty window. */
async function inWindow<T>(
  image: GrayImage,
  window: PixelRect | undefined,
  work: (cv: CV, mat: CV, offset: PixelRect) => T | null,
): Promise<T | null> {
  const cv = await loadOpenCv();
  const area = clampRect(image, window ?? { x: 0, y: 0, width: image.width, height: image.height });
  if (!area) return null;
  const mat = toMat(cv, area.width === image.width && area.height === image.height ? image : cropGray(image, area));
  try {
    return work(cv, mat, area);
  } finally {
    mat.delete();
  }
}

/** Where the lines through a–c and b–d cross (the diagonals of a quadrilateral a, b, c, d). */
function diagonalsCrossing(corners: ReadonlyArray<readonly [number, number]>): [number, number] {
  const [a, b, c, d] = corners as [
    readonly [number, number],
    readonly [number, number],
    readonly [number, number],
    readonly [number, number],
  ];
  const r: [number, number] = [c[0] - a[0], c[1] - a[1]];
  const s: [number, number] = [d[0] - b[0], d[1] - b[1]];
  const denominator = r[0] * s[1] - r[1] * s[0];
  if (Math.abs(denominator) < 1e-9) {
    return [(a[0] + b[0] + c[0] + d[0]) / 4, (a[1] + b[1] + c[1] + d[1]) / 4];
  }
  const t = ((b[0] - a[0]) * s[1] - (b[1] - a[1]) * s[0]) / denominator;
  return [a[0] + t * r[0], a[1] + t * r[1]];
}

export interface ArucoMarker {
  readonly id: number;
  /** Top-left, top-right, bottom-right, bottom-left as printed, in the photo's pixels. */
  readonly corners: ReadonlyArray<readonly [number, number]>;
  readonly centre: readonly [number, number];
}

/** Every marker of the dictionary found in the window (the whole image by default), corners refined to sub-pixel. */
export function detectArucoMarkers(
  image: GrayImage,
  options: { dictionary: ArucoDictionary; window?: PixelRect },
): Promise<ArucoMarker[]> {
  return inWindow(image, options.window, (cv, mat, offset) => {
    const dictionary = cv.getPredefinedDictionary(cv[options.dictionary]);
    const parameters = new cv.aruco_DetectorParameters();
    parameters.cornerRefinementMethod = cv.CORNER_REFINE_SUBPIX;
    parameters.cornerRefinementWinSize = 5;
    parameters.cornerRefinementMaxIterations = 50;
    parameters.cornerRefinementMinAccuracy = 0.01;
    const refine = new cv.aruco_RefineParameters(10, 3, true);
    const detector = new cv.aruco_ArucoDetector(dictionary, parameters, refine);
    const corners = new cv.MatVector();
    const ids = new cv.Mat();
    const rejected = new cv.MatVector();
    try {
      detector.detectMarkers(mat, corners, ids, rejected);
      const markers: ArucoMarker[] = [];
      for (let index = 0; index < corners.size(); index += 1) {
        const quad = corners.get(index);
        const values = Array.from(quad.data32F as Float32Array);
        quad.delete();
        // OpenCV counts from the first pixel's centre; our pixels (geo's too) from its top-left corner.
        const points = [0, 1, 2, 3].map(
          (corner) =>
            [(values[corner * 2] ?? 0) + offset.x + 0.5, (values[corner * 2 + 1] ?? 0) + offset.y + 0.5] as const,
        );
        markers.push({ id: ids.data32S[index] as number, corners: points, centre: diagonalsCrossing(points) });
      }
      return markers;
    } finally {
      corners.delete();
      ids.delete();
      rejected.delete();
      detector.delete();
      refine.delete();
      parameters.delete();
      dictionary.delete();
    }
  }).then((markers) => markers ?? []);
}

/** The centre of the marker with this id in the window, or null when it is not there. */
export async function locateArucoTarget(
  image: GrayImage,
  options: { dictionary: ArucoDictionary; markerId: number; window?: PixelRect },
): Promise<TargetFix | null> {
  const markers = await detectArucoMarkers(image, options);
  const marker = markers.find((candidate) => candidate.id === options.markerId);
  return marker ? { x: marker.centre[0], y: marker.centre[1], score: 1 } : null;
}

/** The offset (−0.5..0.5) of a parabola's vertex through three equally spaced scores around the middle one. */
function parabolaPeak(before: number, peak: number, after: number): number {
  const curvature = before - 2 * peak + after;
  if (!(curvature < 0)) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (before - after)) / curvature));
}

/**
 * Where the centre of `template` (a patch cut from the baseline photo) lies in the window of `image`, or null when
 * the best correlation is below `minScore`.
 */
export function locatePatch(
  image: GrayImage,
  options: { template: GrayImage; window?: PixelRect; minScore?: number },
): Promise<TargetFix | null> {
  const { template } = options;
  return inWindow(image, options.window, (cv, mat, offset) => {
    if (mat.cols < template.width || mat.rows < template.height || template.width < 3 || template.height < 3) {
      return null;
    }
    const patch = toMat(cv, template);
    const scores = new cv.Mat();
    try {
      cv.matchTemplate(mat, patch, scores, cv.TM_CCOEFF_NORMED);
      const best = cv.minMaxLoc(scores);
      const score = best.maxVal as number;
      if (!(score >= (options.minScore ?? PATCH_MIN_SCORE))) return null;
      const { x, y } = best.maxLoc as { x: number; y: number };
      const at = (col: number, row: number) => scores.floatAt(row, col) as number;
      const dx = x > 0 && x < scores.cols - 1 ? parabolaPeak(at(x - 1, y), score, at(x + 1, y)) : 0;
      const dy = y > 0 && y < scores.rows - 1 ? parabolaPeak(at(x, y - 1), score, at(x, y + 1)) : 0;
      return {
        x: offset.x + x + dx + template.width / 2,
        y: offset.y + y + dy + template.height / 2,
        score,
      };
    } finally {
      patch.delete();
      scores.delete();
    }
  });
}

/** The window's Otsu threshold. */
function otsuThreshold(cv: CV, mat: CV): number {
  const binary = new cv.Mat();
  try {
    return cv.threshold(mat, binary, 0, 255, cv.THRESH_BINARY + cv.THRESH_OTSU) as number;
  } finally {
    binary.delete();
  }
}

/** Means of the pixels of `box` (in a `stride`-wide buffer) at or below the threshold and above it. */
function classMeans(pixels: Uint8Array, stride: number, box: PixelRect, threshold: number) {
  let dark = 0;
  let darkCount = 0;
  let bright = 0;
  let brightCount = 0;
  for (let row = box.y; row < box.y + box.height; row += 1) {
    for (let col = box.x; col < box.x + box.width; col += 1) {
      const value = pixels[row * stride + col] as number;
      if (value <= threshold) {
        dark += value;
        darkCount += 1;
      } else {
        bright += value;
        brightCount += 1;
      }
    }
  }
  if (darkCount === 0 || brightCount === 0) return null;
  return { dark: dark / darkCount, bright: bright / brightCount };
}

/** The bounding box (window pixels) of the largest dark blob below `threshold` that does not touch the window's edge. */
function largestDarkBlob(cv: CV, mat: CV, threshold: number): PixelRect | null {
  const binary = new cv.Mat();
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  try {
    cv.threshold(mat, binary, threshold, 255, cv.THRESH_BINARY_INV);
    cv.findContours(binary, contours, hierarchy, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_SIMPLE);
    let best: PixelRect | null = null;
    let bestArea = 0;
    for (let index = 0; index < contours.size(); index += 1) {
      const contour = contours.get(index);
      const area = cv.contourArea(contour) as number;
      const box = cv.boundingRect(contour) as PixelRect;
      const inside = box.x > 0 && box.y > 0 && box.x + box.width < mat.cols && box.y + box.height < mat.rows;
      if (inside && area > bestArea) {
        bestArea = area;
        best = box;
      }
      contour.delete();
    }
    return best;
  } finally {
    binary.delete();
    contours.delete();
    hierarchy.delete();
  }
}

/**
 * The centre of a dark disc on a bright card in the window: the window's largest dark blob (Otsu) clear of the
 * window's edge (the ground around the card is not the disc), then, in its box
 * grown by two pixels, each pixel weighs by its darkness between the box's two Otsu class means (0 at the bright
 * mean or brighter, 1 at the dark mean or darker), so the anti-aliased rim counts by the part the disc covers. The
 * ground beyond the card does not weigh in. Null when the window shows no contrast.
 */
export function locateCircle(image: GrayImage, options: { window: PixelRect }): Promise<TargetFix | null> {
  return inWindow(image, options.window, (cv, mat, offset) => {
    const pixels = mat.data as Uint8Array;
    const stride = mat.cols as number;
    const threshold = otsuThreshold(cv, mat);
    const whole = classMeans(pixels, stride, { x: 0, y: 0, width: stride, height: mat.rows }, threshold);
    if (!whole || (whole.bright - whole.dark) / 255 < CIRCLE_MIN_CONTRAST) return null;
    const blob = largestDarkBlob(cv, mat, threshold);
    if (!blob) return null;
    const box = clampRect({ width: stride, height: mat.rows }, growRect(blob, 2)) as PixelRect;
    const classes = classMeans(pixels, stride, box, threshold);
    if (!classes) return null;
    const contrast = (classes.bright - classes.dark) / 255;
    if (contrast < CIRCLE_MIN_CONTRAST) return null;
    let weight = 0;
    let sumX = 0;
    let sumY = 0;
    for (let row = box.y; row < box.y + box.height; row += 1) {
      for (let col = box.x; col < box.x + box.width; col += 1) {
        const value = pixels[row * stride + col] as number;
        const w = Math.min(1, Math.max(0, (classes.bright - value) / (classes.bright - classes.dark)));
        weight += w;
        sumX += w * (col + 0.5);
        sumY += w * (row + 0.5);
      }
    }
    return { x: offset.x + sumX / weight, y: offset.y + sumY / weight, score: contrast };
  });
}

/** A printed ArUco marker (black border included) as a grey image of `sizePx` square pixels. */
export async function renderArucoMarker(
  dictionary: ArucoDictionary,
  markerId: number,
  sizePx: number,
): Promise<GrayImage> {
  const cv = await loadOpenCv();
  const dict = cv.getPredefinedDictionary(cv[dictionary]);
  const marker = new cv.Mat();
  try {
    cv.generateImageMarker(dict, markerId, sizePx, marker, 1);
    return { data: new Uint8Array(marker.data as Uint8Array), width: marker.cols, height: marker.rows };
  } finally {
    marker.delete();
    dict.delete();
  }
}

/**
 * Pastes `sprite` onto `image` with its top-left corner at (x, y), fractions of a pixel included (bilinear), scaled
 * by `scale`: how the tests and the bench place a target at a known sub-pixel position. Returns a new image.
 */
export async function placeSprite(
  image: GrayImage,
  sprite: GrayImage,
  at: { x: number; y: number; scale?: number },
): Promise<GrayImage> {
  const cv = await loadOpenCv();
  const scale = at.scale ?? 1;
  const ground = toMat(cv, image);
  const source = toMat(cv, sprite);
  const warped = new cv.Mat();
  const mask = new cv.Mat();
  const ones = new cv.Mat(sprite.height, sprite.width, cv.CV_8UC1, new cv.Scalar(255));
  const transform = cv.matFromArray(2, 3, cv.CV_64F, [scale, 0, at.x, 0, scale, at.y]);
  const size = new cv.Size(image.width, image.height);
  try {
    cv.warpAffine(source, warped, transform, size, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    cv.warpAffine(ones, mask, transform, size, cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0));
    const out = new Uint8Array(image.data);
    const w = warped.data as Uint8Array;
    const m = mask.data as Uint8Array;
    for (let i = 0; i < out.length; i += 1) {
      const alpha = (m[i] as number) / 255;
      if (alpha > 0) out[i] = Math.round((out[i] as number) * (1 - alpha) + (w[i] as number));
    }
    return { data: out, width: image.width, height: image.height };
  } finally {
    for (const mat of [ground, source, warped, mask, ones, transform]) mat.delete();
  }
}

/** A Gaussian blur of `sigma` pixels (camera softness in the tests). */
export async function blurGray(image: GrayImage, sigma: number): Promise<GrayImage> {
  const cv = await loadOpenCv();
  const mat = toMat(cv, image);
  const out = new cv.Mat();
  try {
    cv.GaussianBlur(mat, out, new cv.Size(0, 0), sigma, sigma, cv.BORDER_REFLECT);
    return { data: new Uint8Array(out.data as Uint8Array), width: image.width, height: image.height };
  } finally {
    mat.delete();
    out.delete();
  }
}
