/**
 * A photogrammetry pose export (SPEC section 5, "high-precision upload"), read into one shape whatever the tool:
 * per photo its name, camera intrinsics, centre and rotation in the export's frame, and its WGS84 pose when the
 * export's coordinate reference allows one. Conventions: docs/photo-poses.md.
 */
import type { CameraAxes, Vector3, Wgs84 } from '@sightline/geo';

export type PoseExportFormat = 'metashape' | 'blocks-exchange';

/**
 * The frame positions and rotations are given in.
 * - `ecef`: WGS84 earth-centred metres (ContextCapture EPSG:4978; a georeferenced Metashape chunk after its transform).
 * - `enu`: ContextCapture's local east-north-up metres at `origin` ("ENU:lat,lon").
 * - `local`: an arbitrary Cartesian frame (Metashape LOCAL_CS, ContextCapture without SRS): no WGS84 pose.
 * - `unsupported`: georeferenced in a system we do not convert (map projections, geographic degrees): no WGS84 pose.
 */
export type CoordinateReference =
  | { kind: 'ecef'; definition: string }
  | { kind: 'enu'; definition: string; origin: Wgs84 }
  | { kind: 'local'; definition: string }
  | { kind: 'unsupported'; definition: string };

/**
 * Pinhole intrinsics in pixels: a point (x, y, 1) in camera coordinates (x right, y down) lands at
 * u = cx + fx·x + skew·y, v = cy + fy·y, before distortion. (cx, cy) counts from the top-left corner of the image,
 * so the image centre is (width/2, height/2).
 */
export interface CameraIntrinsics {
  width: number;
  height: number;
  /** The focal length in pixels as the export states it (Metashape `f`, ContextCapture's focal length). */
  focalLengthPx: number;
  fx: number;
  fy: number;
  skew: number;
  cx: number;
  cy: number;
  /**
   * Brown's coefficients as the export writes them (0 when absent). The tangential terms are not swapped into one
   * convention: Metashape's P1 multiplies 2xy in y and ContextCapture follows its own camera model document.
   */
  distortion: { k1: number; k2: number; k3: number; k4: number; p1: number; p2: number };
  distortionConvention: PoseExportFormat;
}

/** WGS84 position (ellipsoidal height, metres) and DJI camera angles (packages/geo/src/orientation.ts). */
export interface GeodeticPose {
  longitude: number;
  latitude: number;
  height: number;
  yaw: number;
  pitch: number;
  roll: number;
}

export interface ExportedPhoto {
  /** The photo as the export names it: Metashape's camera label, ContextCapture's ImagePath. */
  source: string;
  /** The file name used to match uploaded images: the last segment of `source`. */
  name: string;
  intrinsics: CameraIntrinsics | null;
  /** Camera centre in the export's frame; null when the photo was not oriented. */
  centre: Vector3 | null;
  /** Camera axes (image right, image down, optical axis) in the export's frame; null when not oriented. */
  axes: CameraAxes | null;
  /** Null when the photo was not oriented or the coordinate reference has no WGS84 meaning here. */
  pose: GeodeticPose | null;
}

export interface PoseExport {
  format: PoseExportFormat;
  coordinateReference: CoordinateReference;
  photos: ExportedPhoto[];
}

export type PoseExportErrorReason = 'notXml' | 'unknownFormat' | 'missingElement' | 'badValue' | 'noPhotos';

/**
 * A pose export that cannot be read (SPEC section 8: "XML parse failure"). `attribute` names the element or attribute
 * at fault, as SPEC section 5's attribute check asks.
 */
export class PoseExportError extends Error {
  readonly reason: PoseExportErrorReason;
  readonly attribute: string | undefined;

  constructor(reason: PoseExportErrorReason, attribute?: string, detail?: string) {
    super([reason, attribute, detail].filter(Boolean).join(': '));
    this.name = 'PoseExportError';
    this.reason = reason;
    this.attribute = attribute;
  }
}
