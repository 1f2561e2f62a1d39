/**
 * Training sets exported from reviewed photos, in the layout tools/vision/train_crack_unet.py and the TypeScript
 * small segmenter both read (DeepCrack's, so a DeepCrack copy and an exported set are interchangeable):
 *
 *   <dir>/train/img/<name>.jpg   photo (EXIF orientation applied, so it has the frame the shapes were drawn in)
 *   <dir>/train/lab/<name>.png   8-bit single-channel mask, 255 on the defect, 0 elsewhere
 *   <dir>/test/img, test/lab     the held-back photos, same form: never trained on, for a quick evaluation
 *   <dir>/manifest.json          source, classes, counts per split, and each sample's split (see TrainingSetManifest)
 *
 * A reviewed photo without damage is written with an all-zero mask: a negative example.
 * One mask holds one class (the manifest's `classes[0]`): callers pass only the shapes of that class.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DefectShapeInput } from '@sightline/shared';
import sharp from 'sharp';
import { fillPolygon, strokePolyline } from './raster.js';
import type { Point } from './types.js';

export const TRAINING_SET_FORMAT = 'sightline-trainset-v1';
/** Stroke width of a crack drawn without a measured width, px: a hairline crack in a 12 MP drone photo. */
export const DEFAULT_STROKE_PX = 3;
/** Share of the photos held back when the caller does not choose them. */
export const DEFAULT_HELD_BACK = 0.2;

/** A defect's shape as the defect module stores it: a crack polyline or an area polygon/rectangle, in photo pixels. */
export type DefectMaskShape = Pick<DefectShapeInput, 'kind' | 'points' | 'widthPx'>;

export interface MaskSpec {
  width: number;
  height: number;
  shapes: readonly DefectMaskShape[];
  /** Stroke width of polylines without `widthPx`, px (default {@link DEFAULT_STROKE_PX}). */
  defaultStrokePx?: number;
}

/** The mask as 0/1 pixels, row-major: polylines stroked at their width, polygons and rectangles filled. */
export function defectMaskPixels({ width, height, shapes, defaultStrokePx = DEFAULT_STROKE_PX }: MaskSpec): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const s of shapes) {
    const pts = s.points as Point[];
    if (s.kind === 'polyline') strokePolyline(mask, width, height, pts, Math.max(1, s.widthPx ?? defaultStrokePx));
    else fillPolygon(mask, width, height, pts); // a rectangle is stored as its four corners
  }
  return mask;
}

/** The mask as a single-channel PNG, 255 on the defect and 0 elsewhere. */
export async function rasterizeDefectMask(spec: MaskSpec): Promise<Buffer> {
  const px = defectMaskPixels(spec);
  for (let i = 0; i < px.length; i++) px[i] = px[i] ? 255 : 0;
  return sharp(px, { raw: { width: spec.width, height: spec.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export interface TrainingSample {
  /** File name without extension; letters, digits, `.`, `_` and `-` (others become `_`); unique in the set. */
  name: string;
  imageJpeg: Buffer;
  /** The reviewed defects of the set's class; empty for a photo reviewed as having no damage. */
  shapes: readonly DefectMaskShape[];
  /** Put this photo in the held-back split (true) or the training split (false); default: chosen by name. */
  heldBack?: boolean;
}

export interface TrainingSetOptions {
  /** Free text saying where the set came from (team, project, inspections, date). */
  source?: string;
  /** Class of the mask (default ["crack"]). */
  classes?: string[];
  /** Share of the photos held back when a sample does not say (default {@link DEFAULT_HELD_BACK}). */
  heldBackShare?: number;
  defaultStrokePx?: number;
}

export interface TrainingSetManifest {
  format: typeof TRAINING_SET_FORMAT;
  source: string;
  classes: string[];
  defaultStrokePx: number;
  counts: Record<'train' | 'test', { images: number; negatives: number; shapes: number }>;
  samples: Array<{ name: string; split: 'train' | 'test'; width: number; height: number; shapes: number }>;
}

/** A stable 0..1 position of a name, so a photo stays in its split as the set grows. */
function namePosition(name: string): number {
  return createHash('sha256').update(name).digest().readUInt32BE(0) / 2 ** 32;
}

function safeName(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Write the samples in the layout above and return the manifest (also written as manifest.json). */
export async function writeTrainingSet(
  dir: string,
  samples: readonly TrainingSample[],
  options: TrainingSetOptions = {},
): Promise<TrainingSetManifest> {
  const share = options.heldBackShare ?? DEFAULT_HELD_BACK;
  const defaultStrokePx = options.defaultStrokePx ?? DEFAULT_STROKE_PX;
  const names = samples.map((s) => safeName(s.name));
  if (new Set(names).size !== names.length) throw new Error('training samples need unique names');
  const split = samples.map((s, i) => s.heldBack ?? namePosition(names[i]!) < share);
  // a set of a few photos still gets one held back (the one nearest the cut) so it can be evaluated at all
  if (share > 0 && samples.length >= 2 && !split.some(Boolean) && samples.every((s) => s.heldBack === undefined)) {
    let best = 0;
    names.forEach((n, i) => {
      if (namePosition(n) < namePosition(names[best]!)) best = i;
    });
    split[best] = true;
  }
  for (const s of ['train', 'test'])
    for (const sub of ['img', 'lab']) await mkdir(path.join(dir, s, sub), { recursive: true });
  const manifest: TrainingSetManifest = {
    format: TRAINING_SET_FORMAT,
    source: options.source ?? '',
    classes: options.classes ?? ['crack'],
    defaultStrokePx,
    counts: { train: { images: 0, negatives: 0, shapes: 0 }, test: { images: 0, negatives: 0, shapes: 0 } },
    samples: [],
  };
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i]!;
    const name = names[i]!;
    const splitName = split[i] ? 'test' : 'train';
    const meta = await sharp(sample.imageJpeg).metadata();
    // the editor shows the photo upright, so its shapes are in the oriented frame: store the photo in that frame
    // (and as a JPEG whatever it came as, since the layout says .jpg)
    const upright = (meta.orientation ?? 1) > 1;
    const image =
      upright || meta.format !== 'jpeg'
        ? await sharp(sample.imageJpeg).rotate().jpeg({ quality: 95 }).toBuffer()
        : sample.imageJpeg;
    const swap = upright && (meta.orientation ?? 1) >= 5;
    const width = swap ? meta.height : meta.width;
    const height = swap ? meta.width : meta.height;
    const mask = await rasterizeDefectMask({ width, height, shapes: sample.shapes, defaultStrokePx });
    await writeFile(path.join(dir, splitName, 'img', `${name}.jpg`), image);
    await writeFile(path.join(dir, splitName, 'lab', `${name}.png`), mask);
    const c = manifest.counts[splitName];
    c.images++;
    c.shapes += sample.shapes.length;
    if (!sample.shapes.length) c.negatives++;
    manifest.samples.push({ name, split: splitName, width, height, shapes: sample.shapes.length });
  }
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}
