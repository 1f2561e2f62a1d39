/** From a camera in ECEF to its WGS84 position and DJI angles, through the local east-north-up frame at the camera. */
import {
  type CameraAxes,
  type Vector3,
  cameraAxesEnuToYawPitchRoll,
  ecef,
  ecefDirectionToEnu,
  ecefToWgs84,
  enuFrame,
  mapCameraAxes,
} from '@sightline/geo';
import type { GeodeticPose } from './types.js';

export function geodeticPose(centreEcef: Vector3, axesEcef: CameraAxes): GeodeticPose {
  const position = ecefToWgs84(ecef(...centreEcef));
  const frame = enuFrame(position);
  const angles = cameraAxesEnuToYawPitchRoll(mapCameraAxes(axesEcef, (v) => ecefDirectionToEnu(v, frame)));
  return { longitude: position.lon, latitude: position.lat, height: position.height, ...angles };
}
