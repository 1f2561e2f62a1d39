/**
 * The ready-made preview a camera writes into its own JPEG, so the ingest can make a photo's screen-size preview and
 * thumbnail without decoding its 20 megapixels. Drones write one as the second image of a Multi-Picture Format file
 * (CIPA DC-007: an APP2 "MPF\0" index whose entries point at JPEGs appended after the primary image; DJI's is
 * 1920 px), and most cameras a small EXIF thumbnail (IFD1, read with exifr; exifr does not read MPF). Every offset
 * and length in those indexes comes from the file, so each is checked against the bytes, and whatever does not add
 * up is skipped rather than trusted.
 */
// exifr ships a UMD bundle as its Node entry: only the default export exists there.
import exifr from 'exifr';
import { imageSize } from 'image-size';

export interface EmbeddedImage {
  source: 'mpf' | 'exif-thumbnail';
  /** A view into the photo's own bytes. */
  bytes: Uint8Array;
  /** As stored, before any orientation. */
  width: number;
  height: number;
  /** The image's own EXIF orientation, when it carries one. */
  orientation: number | null;
}

/** An embedded image chosen to stand for the photo, and the EXIF orientation that turns it upright. */
export interface EmbeddedPreview extends EmbeddedImage {
  uprightOrientation: number;
}

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const APP2 = 0xe2;
const MPF_IDENTIFIER = 'MPF\0';
const TIFF_MAGIC = 42;
const TAG_MP_ENTRY = 0xb002;
const IFD_ENTRY_BYTES = 12;
const MP_ENTRY_BYTES = 16;
/**
 * MP entry types (bits 0 to 23 of an entry's attribute) that show the primary image's whole scene, smaller: "large
 * thumbnail" in VGA and full-HD classes. Others (panorama parts, stereo disparity and multi-angle views, and the
 * undefined type under which phones store HDR gain maps) have the same shape but other pixels, so they never stand
 * in for the photo.
 */
const LARGE_THUMBNAIL_TYPES = new Set([0x010001, 0x010002]);
const JPEG_FORMAT = 0;
/** How far apart the embedded image's and the photo's width-to-height ratios may be, relatively. */
const ASPECT_TOLERANCE = 0.01;

function sizeOf(bytes: Uint8Array): { width: number; height: number; orientation: number | null } | null {
  try {
    const { width, height, orientation } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height, orientation: orientation ?? null } : null;
  } catch {
    return null;
  }
}

function embedded(source: EmbeddedImage['source'], bytes: Uint8Array): EmbeddedImage | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  const size = sizeOf(bytes);
  return size ? { source, bytes, ...size } : null;
}

/** The payload of every marker segment before the image data, as [start, end) offsets into `jpeg`. */
function* headerSegments(jpeg: Uint8Array): Generator<{ marker: number; start: number; end: number }> {
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) return;
    const marker = jpeg[at + 1]!;
    // Any marker may be preceded by fill bytes (0xFF).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === SOS || marker === EOI) return;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (length < 2 || at + 2 + length > jpeg.length) return;
    yield { marker, start: at + 4, end: at + 2 + length };
    at += 2 + length;
  }
}

/**
 * The secondary images an MPF index lists as large thumbnails of the primary. Offsets in the index count from its
 * own TIFF header (CIPA DC-007 section 5.2.3.3.3); the primary's entry (offset 0) is not one of them.
 */
export function mpfImages(jpeg: Uint8Array): EmbeddedImage[] {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== SOI) return [];
  const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  for (const segment of headerSegments(jpeg)) {
    if (segment.marker !== APP2 || segment.end - segment.start < 16) continue;
    if (String.fromCharCode(...jpeg.subarray(segment.start, segment.start + 4)) !== MPF_IDENTIFIER) continue;
    return mpfIndex(jpeg, view, segment.start + 4, segment.end);
  }
  return [];
}

function mpfIndex(jpeg: Uint8Array, view: DataView, base: number, end: number): EmbeddedImage[] {
  const order = String.fromCharCode(jpeg[base]!, jpeg[base + 1]!);
  if (order !== 'II' && order !== 'MM') return [];
  const little = order === 'II';
  // Every read stays inside the APP2 segment: a lying offset ends the index instead of reading past it.
  const u16 = (offset: number) => (base + offset + 2 <= end ? view.getUint16(base + offset, little) : null);
  const u32 = (offset: number) => (base + offset + 4 <= end ? view.getUint32(base + offset, little) : null);
  if (u16(2) !== TIFF_MAGIC) return [];
  const ifd = u32(4);
  const count = ifd === null ? null : u16(ifd);
  if (ifd === null || count === null) return [];
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * IFD_ENTRY_BYTES;
    const tag = u16(entry);
    if (tag === null) return [];
    if (tag !== TAG_MP_ENTRY) continue;
    const byteCount = u32(entry + 4);
    const dataOffset = u32(entry + 8);
    if (byteCount === null || dataOffset === null) return [];
    const images: EmbeddedImage[] = [];
    for (let at = 0; at + MP_ENTRY_BYTES <= byteCount; at += MP_ENTRY_BYTES) {
      const attribute = u32(dataOffset + at);
      const size = u32(dataOffset + at + 4);
      const offset = u32(dataOffset + at + 8);
      if (attribute === null || size === null || offset === null) break;
      const format = (attribute >>> 24) & 0x7;
      if (offset === 0 || format !== JPEG_FORMAT || !LARGE_THUMBNAIL_TYPES.has(attribute & 0xffffff)) continue;
      const start = base + offset;
      if (start + size > jpeg.length) continue;
      const image = embedded('mpf', jpeg.subarray(start, start + size));
      if (image) images.push(image);
    }
    return images;
  }
  return [];
}

/** The EXIF thumbnail (IFD1), when the photo has a JPEG one. */
export async function exifThumbnail(jpeg: Uint8Array): Promise<EmbeddedImage | null> {
  try {
    const bytes = await exifr.thumbnail(jpeg);
    return bytes ? embedded('exif-thumbnail', bytes) : null;
  } catch {
    return null;
  }
}

/** Every image embedded in a JPEG that shows the whole photo: MPF large thumbnails, then the EXIF thumbnail. */
export async function embeddedImages(jpeg: Uint8Array): Promise<EmbeddedImage[]> {
  const thumbnail = await exifThumbnail(jpeg);
  return thumbnail ? [...mpfImages(jpeg), thumbnail] : mpfImages(jpeg);
}

/** Width and height once `orientation` has turned the image upright (EXIF 5 to 8 turn it a quarter). */
export function uprightSize(width: number, height: number, orientation: number | null): [number, number] {
  return orientation !== null && orientation >= 5 && orientation <= 8 ? [height, width] : [width, height];
}

/**
 * The largest embedded image that can stand for the photo: its upright shape matches the photo's within 1 %, and
 * its long side has at least `minimumLongSide` pixels and no more than the photo's (a larger one, as DJI's thermal
 * cameras write, is the photo enlarged: decoding the smaller original is both cheaper and truer). An embedded image without its own orientation is taken to be
 * stored as the primary is (the camera's sensor order) and turned upright by the photo's orientation; one stored
 * upright beside a turned primary then has the wrong shape and is refused, as is any other image of another shape.
 * Whether it decodes is for the caller to find out. Null when none qualifies: the preview comes from the original.
 */
export function choosePreview(
  candidates: readonly EmbeddedImage[],
  photo: { width: number; height: number; orientation: number | null },
  minimumLongSide: number,
): EmbeddedPreview | null {
  const [photoWidth, photoHeight] = uprightSize(photo.width, photo.height, photo.orientation);
  const photoAspect = photoWidth / photoHeight;
  const photoLongSide = Math.max(photoWidth, photoHeight);
  let best: EmbeddedPreview | null = null;
  for (const candidate of candidates) {
    const uprightOrientation = candidate.orientation ?? photo.orientation ?? 1;
    const [width, height] = uprightSize(candidate.width, candidate.height, uprightOrientation);
    if (Math.abs(width / height / photoAspect - 1) > ASPECT_TOLERANCE) continue;
    const longSide = Math.max(width, height);
    if (longSide < minimumLongSide || longSide > photoLongSide) continue;
    if (best && best.width * best.height >= candidate.width * candidate.height) continue;
    best = { ...candidate, uprightOrientation };
  }
  return best;
}

/** The embedded preview that can stand for a JPEG photo of the given size, or null (see `choosePreview`). */
export async function findEmbeddedPreview(
  jpeg: Uint8Array,
  photo: { width: number; height: number; orientation: number | null },
  minimumLongSide: number,
): Promise<EmbeddedPreview | null> {
  return choosePreview(await embeddedImages(jpeg), photo, minimumLongSide);
}
