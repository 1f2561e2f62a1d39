/**
 * ContextCapture / iTwin Capture BlocksExchange XML (version 2.x and 3.x, also Bentley's "CC Orientations"):
 * `<SpatialReferenceSystems>` of `<SRS>` (Id, Name, Definition), `<Block>` with its `<SRSId>` (none: a local Cartesian
 * frame) and `<Photogroups>`; each `<Photogroup>` holds the camera (ImageDimensions, FocalLength in mm with SensorSize
 * or PixelSize, or FocalLengthPixels; CameraOrientation; PrincipalPoint in pixels from the centre of the upper-left
 * pixel; AspectRatio; Skew; Distortion K1..P2) and its `<Photo>`s (Id, ImagePath, Pose with a Rotation matrix M_ij
 * from world to camera axes and the camera's Center).
 */
import { type CameraAxes, type Vector3, enuDirectionToEcef, enuFrame, enuToEcef, enu, wgs84 } from '@sightline/geo';
import { geodeticPose } from './geodetic.js';
import { type XmlNode, baseName, child, children, optionalNumber, requiredNumber, textOf } from './xml.js';
import {
  type CameraIntrinsics,
  type CoordinateReference,
  type ExportedPhoto,
  type PoseExport,
  PoseExportError,
} from './types.js';

/**
 * The photogroup's camera axes, each written in ContextCapture's canonical axes (x right, y down, z forward); the
 * third axis completes a right-handed frame. "XRightYUp" (the photogrammetric habit) thus looks along -z.
 */
const CAMERA_ORIENTATIONS: Record<string, readonly [Vector3, Vector3]> = {
  XRightYDown: [
    [1, 0, 0],
    [0, 1, 0],
  ],
  XRightYUp: [
    [1, 0, 0],
    [0, -1, 0],
  ],
  XLeftYDown: [
    [-1, 0, 0],
    [0, 1, 0],
  ],
  XLeftYUp: [
    [-1, 0, 0],
    [0, -1, 0],
  ],
  XDownYRight: [
    [0, 1, 0],
    [1, 0, 0],
  ],
  XDownYLeft: [
    [0, 1, 0],
    [-1, 0, 0],
  ],
  XUpYRight: [
    [0, -1, 0],
    [1, 0, 0],
  ],
  XUpYLeft: [
    [0, -1, 0],
    [-1, 0, 0],
  ],
};

const cross = (a: Vector3, b: Vector3): Vector3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

function classifySrs(definition: string | undefined): CoordinateReference {
  if (definition === undefined) return { kind: 'local', definition: '' };
  const text = definition.trim();
  if (/^EPSG:\s*4978$/i.test(text)) return { kind: 'ecef', definition: text };
  const enuMatch = /^ENU:\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/i.exec(text);
  if (enuMatch) {
    // ContextCapture's ENU origin is given as latitude, longitude, on the ellipsoid.
    return { kind: 'enu', definition: text, origin: wgs84(Number(enuMatch[2]), Number(enuMatch[1]), 0) };
  }
  return { kind: 'unsupported', definition: text };
}

function readIntrinsics(group: XmlNode, where: string): CameraIntrinsics {
  const dimensions = child(group, 'ImageDimensions');
  const width = requiredNumber(dimensions?.Width, `${where}/ImageDimensions/Width`);
  const height = requiredNumber(dimensions?.Height, `${where}/ImageDimensions/Height`);
  let focal = optionalNumber(group.FocalLengthPixels, `${where}/FocalLengthPixels`);
  if (focal === undefined) {
    const focalMm = requiredNumber(group.FocalLength, `${where}/FocalLength`);
    const sensorSize = optionalNumber(group.SensorSize, `${where}/SensorSize`);
    const pixelSize = optionalNumber(group.PixelSize, `${where}/PixelSize`);
    // SensorSize is the sensor's largest dimension.
    if (sensorSize !== undefined) focal = (focalMm * Math.max(width, height)) / sensorSize;
    else if (pixelSize !== undefined) focal = focalMm / pixelSize;
    else throw new PoseExportError('missingElement', `${where}/SensorSize`);
  }
  const principal = child(group, 'PrincipalPoint');
  const aspectRatio = optionalNumber(group.AspectRatio, `${where}/AspectRatio`) ?? 1;
  const distortion = child(group, 'Distortion');
  const k = (name: string): number => optionalNumber(distortion?.[name], `${where}/Distortion/${name}`) ?? 0;
  // Pixel positions count from the centre of the upper-left pixel: half a pixel from the image's corner.
  const cx = optionalNumber(principal?.x, `${where}/PrincipalPoint/x`);
  const cy = optionalNumber(principal?.y, `${where}/PrincipalPoint/y`);
  return {
    width,
    height,
    focalLengthPx: focal,
    fx: focal,
    fy: focal * aspectRatio,
    skew: optionalNumber(group.Skew, `${where}/Skew`) ?? 0,
    cx: cx === undefined ? width / 2 : cx + 0.5,
    cy: cy === undefined ? height / 2 : cy + 0.5,
    distortion: { k1: k('K1'), k2: k('K2'), k3: k('K3'), k4: 0, p1: k('P1'), p2: k('P2') },
    distortionConvention: 'blocks-exchange',
  };
}

/** Rows of the world-to-camera matrix are the camera's axes in the world, in the photogroup's orientation. */
function readAxes(rotation: XmlNode | undefined, orientation: string, where: string): CameraAxes | null {
  if (!rotation || rotation.M_00 === undefined) return null;
  const m = (i: number, j: number): number => requiredNumber(rotation[`M_${i}${j}`], `${where}/Rotation/M_${i}${j}`);
  const row = (i: number): Vector3 => [m(i, 0), m(i, 1), m(i, 2)];
  const axes = CAMERA_ORIENTATIONS[orientation];
  if (!axes) throw new PoseExportError('badValue', `${where}/CameraOrientation`, orientation);
  const [ox, oy] = axes;
  const oz = cross(ox, oy);
  const [rx, ry, rz] = [row(0), row(1), row(2)];
  // Canonical axis c in the world: the given axes weighted by c's component along each of them.
  const canonical = (c: 0 | 1 | 2): Vector3 => [
    ox[c] * rx[0] + oy[c] * ry[0] + oz[c] * rz[0],
    ox[c] * rx[1] + oy[c] * ry[1] + oz[c] * rz[1],
    ox[c] * rx[2] + oy[c] * ry[2] + oz[c] * rz[2],
  ];
  return { right: canonical(0), down: canonical(1), forward: canonical(2) };
}

function toEcef(
  reference: CoordinateReference,
  centre: Vector3,
  axes: CameraAxes,
): { centre: Vector3; axes: CameraAxes } | null {
  if (reference.kind === 'ecef') return { centre, axes };
  if (reference.kind !== 'enu') return null;
  const frame = enuFrame(reference.origin);
  const p = enuToEcef(enu(...centre), frame);
  const map = (v: Vector3): Vector3 => enuDirectionToEcef(v, frame);
  return {
    centre: [p.x, p.y, p.z],
    axes: { right: map(axes.right), down: map(axes.down), forward: map(axes.forward) },
  };
}

export function readBlocksExchange(root: XmlNode): PoseExport {
  const systems = new Map<string, string>();
  for (const srs of children(child(root, 'SpatialReferenceSystems'), 'SRS')) {
    const id = textOf(srs.Id);
    const definition = textOf(srs.Definition);
    if (id !== undefined && definition !== undefined) systems.set(id, definition);
  }
  const srsOf = (node: XmlNode, where: string): string | undefined => {
    const id = textOf(node.SRSId);
    if (id === undefined) return undefined;
    const definition = systems.get(id);
    if (definition === undefined) throw new PoseExportError('badValue', `${where}/SRSId`, `no SRS with Id ${id}`);
    return definition;
  };

  const blocks = children(root, 'Block');
  if (blocks.length === 0) throw new PoseExportError('missingElement', 'BlocksExchange/Block');
  // An AT export holds one block; a file with several would mix frames, so only the first is read.
  const block = blocks[0] as XmlNode;
  const blockSrs = srsOf(block, 'Block');
  const coordinateReference = classifySrs(blockSrs);

  const photos: ExportedPhoto[] = [];
  for (const [index, group] of children(child(block, 'Photogroups'), 'Photogroup').entries()) {
    const where = `Photogroup[${textOf(group.Name) ?? index + 1}]`;
    const groupSrs = srsOf(group, where) ?? blockSrs;
    if (groupSrs !== blockSrs) {
      throw new PoseExportError('badValue', `${where}/SRSId`, 'photogroups in different reference systems');
    }
    const intrinsics = readIntrinsics(group, where);
    const orientation = textOf(group.CameraOrientation) ?? 'XRightYDown';
    for (const photo of children(group, 'Photo')) {
      const source = textOf(photo.ImagePath);
      if (!source) throw new PoseExportError('missingElement', `${where}/Photo/ImagePath`);
      const at = `Photo[${source}]`;
      const pose = child(photo, 'Pose');
      const centreNode = child(pose, 'Center');
      const centre: Vector3 | null = centreNode
        ? [
            requiredNumber(centreNode.x, `${at}/Pose/Center/x`),
            requiredNumber(centreNode.y, `${at}/Pose/Center/y`),
            requiredNumber(centreNode.z, `${at}/Pose/Center/z`),
          ]
        : null;
      const axes = readAxes(child(pose, 'Rotation'), orientation, at);
      const inEcef = centre && axes ? toEcef(coordinateReference, centre, axes) : null;
      photos.push({
        source,
        name: baseName(source),
        intrinsics,
        centre,
        axes,
        pose: inEcef ? geodeticPose(inEcef.centre, inEcef.axes) : null,
      });
    }
  }
  if (photos.length === 0) throw new PoseExportError('noPhotos', 'Photogroup/Photo');
  return { format: 'blocks-exchange', coordinateReference, photos };
}
