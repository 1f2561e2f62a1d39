import { ecef, ecefDirectionToEnu, ecefToWgs84, enuFrame, type Ecef } from '@sightline/geo';

/**
 * A photo taken `backM` metres from `target` towards `from`, looking straight at `target` (yaw clockwise from north,
 * pitch up, no roll). Aimed along the line the 3D view's camera saw `target` on, nothing of the model lies between.
 */
export function aimedPose(from: Ecef, target: Ecef, backM: number) {
  const back = [from.x - target.x, from.y - target.y, from.z - target.z] as const;
  const scale = backM / Math.hypot(...back);
  const position = ecef(target.x + back[0] * scale, target.y + back[1] * scale, target.z + back[2] * scale);
  const where = ecefToWgs84(position);
  const [e, n, u] = ecefDirectionToEnu([-back[0], -back[1], -back[2]], enuFrame(where));
  return {
    longitude: where.lon,
    latitude: where.lat,
    altitude: where.height,
    yaw: (Math.atan2(e, n) * 180) / Math.PI,
    pitch: (Math.atan2(u, Math.hypot(e, n)) * 180) / Math.PI,
    roll: 0,
  };
}
