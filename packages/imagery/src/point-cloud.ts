/**
 * A point cloud as SPEC section 5 asks for it: a PCD file (Point Cloud Library format) with its .xml, the
 * ContextCapture / iTwin Capture `metadata.xml` that names the spatial reference (`<ModelMetadata><SRS>`) the
 * points are written in and its origin (`<SRSOrigin>`). Both are checked by content, never by file name.
 */
import { PoseExportError } from './pose-export/types.js';
import { child, parseXml, textOf } from './pose-export/xml.js';

export interface PcdHeader {
  version: string;
  fields: string[];
  points: number;
  data: 'ascii' | 'binary' | 'binary_compressed';
}

const decoder = new TextDecoder('latin1');
const REQUIRED = ['FIELDS', 'SIZE', 'TYPE', 'POINTS', 'DATA'] as const;

/**
 * Reads the header of a PCD file from its first bytes (the header is text lines before `DATA`, well under 4 KiB):
 * null when they are not a PCD header. `VERSION` is optional in old files; comments start with `#`.
 */
export function readPcdHeader(head: Uint8Array): PcdHeader | null {
  const text = decoder.decode(head);
  const values = new Map<string, string[]>();
  let reachedData = false;
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [keyword, ...rest] = line.split(/\s+/);
    if (!keyword || !/^[A-Z]+$/.test(keyword)) return null;
    values.set(keyword, rest);
    if (keyword === 'DATA') {
      reachedData = true;
      break;
    }
  }
  if (!reachedData || REQUIRED.some((keyword) => !values.get(keyword)?.length)) return null;
  const fields = values.get('FIELDS')!;
  if (values.get('SIZE')!.length !== fields.length || values.get('TYPE')!.length !== fields.length) return null;
  const points = Number(values.get('POINTS')![0]);
  const data = values.get('DATA')![0];
  if (!Number.isSafeInteger(points) || points < 0) return null;
  if (data !== 'ascii' && data !== 'binary' && data !== 'binary_compressed') return null;
  return { version: values.get('VERSION')?.[0] ?? '', fields, points, data };
}

export interface PointCloudMetadata {
  /** The spatial reference as written (`EPSG:4547`, `ENU:lat,lon`, a WKT). */
  srs: string;
  /** `<SRSOrigin>`: the offset to add to every point, in the SRS's units; null when absent. */
  origin: [number, number, number] | null;
}

/** Why a point cloud's .xml was refused, in words for the user's message. */
export class PointCloudMetadataError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'PointCloudMetadataError';
  }
}

/** Reads a point cloud's `metadata.xml`; throws PointCloudMetadataError naming what is wrong. */
export function readPointCloudMetadata(input: string | Uint8Array): PointCloudMetadata {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input);
  let root;
  try {
    if (text.trim() === '') throw new PointCloudMetadataError('empty file');
    root = parseXml(text);
  } catch (error) {
    if (error instanceof PoseExportError) throw new PointCloudMetadataError(error.message);
    throw error;
  }
  const metadata = child(root, 'ModelMetadata');
  if (!metadata) throw new PointCloudMetadataError('<ModelMetadata> is missing');
  // The export parser reads <SRS> as a repeated element (BlocksExchange lists several): the first one counts.
  const first = (value: unknown) => (Array.isArray(value) ? (value[0] as unknown) : value);
  const srs = textOf(first(metadata.SRS))?.trim();
  if (!srs) throw new PointCloudMetadataError('ModelMetadata/SRS is missing');
  const originText = textOf(first(metadata.SRSOrigin))?.trim();
  let origin: [number, number, number] | null = null;
  if (originText) {
    const numbers = originText.split(/[\s,]+/).map(Number);
    if (numbers.length !== 3 || !numbers.every(Number.isFinite)) {
      throw new PointCloudMetadataError('ModelMetadata/SRSOrigin must be three numbers');
    }
    origin = numbers as [number, number, number];
  }
  return { srs, origin };
}
