/**
 * Agisoft Metashape "Export Cameras > Agisoft XML" (cameras.xml): `<document><chunk>` with `<sensors>` (resolution
 * and calibration), `<cameras>` (each a 4x4 camera-to-chunk `<transform>`, row-major; camera axes x right, y down,
 * z forward) and, when georeferenced, the chunk's `<transform>` (rotation, translation, scale) from chunk to
 * geocentric coordinates and its `<reference>` (WKT of the coordinate system).
 */
import type { CameraAxes, Vector3 } from '@sightline/geo';
import { geodeticPose } from './geodetic.js';
import { type XmlNode, baseName, child, children, numberList, optionalNumber, requiredNumber, textOf } from './xml.js';
import {
  type CameraIntrinsics,
  type CoordinateReference,
  type ExportedPhoto,
  type PoseExport,
  PoseExportError,
} from './types.js';

interface ChunkTransform {
  rotation: number[];
  translation: Vector3;
  scale: number;
}

function readIntrinsics(sensor: XmlNode, where: string): CameraIntrinsics | null {
  // The adjusted calibration is what alignment found; the initial one is only the starting guess.
  const calibrations = children(sensor, 'calibration');
  const calibration = calibrations.find((c) => c['@class'] === 'adjusted') ?? calibrations[0];
  if (!calibration) return null;
  const resolution = child(calibration, 'resolution') ?? child(sensor, 'resolution');
  const width = requiredNumber(resolution?.['@width'], `${where}/resolution/@width`);
  const height = requiredNumber(resolution?.['@height'], `${where}/resolution/@height`);
  const at = (name: string): number => optionalNumber(calibration[name], `${where}/calibration/${name}`) ?? 0;
  // Metashape 1.x writes one f with affinity b1 and skew b2; older PhotoScan files write fx and fy.
  const f = optionalNumber(calibration.f, `${where}/calibration/f`);
  const fy = f ?? requiredNumber(calibration.fy, `${where}/calibration/f`);
  const fx = f !== undefined ? f + at('b1') : requiredNumber(calibration.fx, `${where}/calibration/fx`);
  return {
    width,
    height,
    focalLengthPx: fy,
    fx,
    fy,
    skew: at('b2'),
    // cx, cy are offsets from the image centre.
    cx: width / 2 + at('cx'),
    cy: height / 2 + at('cy'),
    distortion: { k1: at('k1'), k2: at('k2'), k3: at('k3'), k4: at('k4'), p1: at('p1'), p2: at('p2') },
    distortionConvention: 'metashape',
  };
}

function readChunkTransform(chunk: XmlNode): ChunkTransform | null {
  const transform = child(chunk, 'transform');
  if (!transform) return null;
  const rotation = numberList(transform.rotation, 9, 'chunk/transform/rotation');
  const translation = numberList(transform.translation, 3, 'chunk/transform/translation');
  if (!rotation || !translation) throw new PoseExportError('missingElement', 'chunk/transform/rotation');
  const scale = optionalNumber(transform.scale, 'chunk/transform/scale') ?? 1;
  return { rotation, translation: translation as unknown as Vector3, scale };
}

/**
 * LOCAL_CS (or no reference, or no chunk transform) is an arbitrary frame. Any other Metashape reference means the
 * chunk transform leads to geocentric coordinates of that system's datum, taken here as WGS84: the datums cameras
 * are referenced in (WGS84, ETRS89, CGCS2000) agree within about a metre, well inside a drone's GPS error.
 */
function readReference(chunk: XmlNode, transform: ChunkTransform | null): CoordinateReference {
  const definition = textOf(chunk.reference)?.trim() ?? '';
  if (!transform || definition === '' || /^LOCAL_CS\[/i.test(definition)) return { kind: 'local', definition };
  if (/^(GEOGCS|PROJCS|COMPD_CS|GEOCCS)\[/i.test(definition)) return { kind: 'ecef', definition };
  return { kind: 'unsupported', definition };
}

const rotate = (m: readonly number[], v: Vector3): Vector3 => [
  (m[0] as number) * v[0] + (m[1] as number) * v[1] + (m[2] as number) * v[2],
  (m[3] as number) * v[0] + (m[4] as number) * v[1] + (m[5] as number) * v[2],
  (m[6] as number) * v[0] + (m[7] as number) * v[1] + (m[8] as number) * v[2],
];

function cameraPhotos(chunk: XmlNode): XmlNode[] {
  const cameras = child(chunk, 'cameras');
  // Metashape 1.6+ may nest cameras in <group> folders.
  return [...children(cameras, 'camera'), ...children(cameras, 'group').flatMap((g) => children(g, 'camera'))];
}

export function readMetashape(document: XmlNode): PoseExport {
  const chunks = [...children(document, 'chunk'), ...children(child(document, 'chunks'), 'chunk')];
  if (chunks.length === 0) throw new PoseExportError('missingElement', 'document/chunk');
  // One export per chunk is what Metashape writes; a file with several would mix frames, so only the first is read.
  const chunk = chunks[0] as XmlNode;
  const transform = readChunkTransform(chunk);
  const coordinateReference = readReference(chunk, transform);

  const sensors = new Map<string, CameraIntrinsics | null>();
  for (const sensor of children(child(chunk, 'sensors'), 'sensor')) {
    const id = String(sensor['@id'] ?? '');
    sensors.set(id, readIntrinsics(sensor, `sensor[@id=${id}]`));
  }

  const photos: ExportedPhoto[] = cameraPhotos(chunk).map((camera) => {
    const label = typeof camera['@label'] === 'string' ? camera['@label'] : undefined;
    if (!label) throw new PoseExportError('missingElement', 'camera/@label');
    const where = `camera[@label=${label}]`;
    const intrinsics = sensors.get(String(camera['@sensor_id'] ?? '')) ?? null;
    const matrix = numberList(camera.transform, 16, `${where}/transform`);
    if (!matrix) return { source: label, name: baseName(label), intrinsics, centre: null, axes: null, pose: null };

    const column = (j: number): Vector3 => [matrix[j] as number, matrix[4 + j] as number, matrix[8 + j] as number];
    let centre = column(3);
    let axes: CameraAxes = { right: column(0), down: column(1), forward: column(2) };
    // The chunk transform leads from Metashape's internal frame to the reference's (geocentric when georeferenced).
    if (transform) {
      const r = transform.rotation;
      const scaled = rotate(r, centre);
      centre = [
        transform.scale * scaled[0] + transform.translation[0],
        transform.scale * scaled[1] + transform.translation[1],
        transform.scale * scaled[2] + transform.translation[2],
      ];
      axes = { right: rotate(r, axes.right), down: rotate(r, axes.down), forward: rotate(r, axes.forward) };
    }
    const pose = coordinateReference.kind === 'ecef' ? geodeticPose(centre, axes) : null;
    return { source: label, name: baseName(label), intrinsics, centre, axes, pose };
  });
  if (photos.length === 0) throw new PoseExportError('noPhotos', 'chunk/cameras/camera');
  return { format: 'metashape', coordinateReference, photos };
}
