import { LIMITS, type CameraView as SavedView } from '@sightline/shared';
import type { CameraView as ViewerView } from '../../viewer';

/**
 * The project's default view is stored as `{position: {lon, lat, height}, heading, pitch, roll}` (the shared
 * schema); the viewer works with a flat camera. These convert both ways, keeping the saved one inside the
 * ranges the server accepts (height not negative, angles within ±360, SPEC section 5).
 */
export function toViewerView(view: SavedView | null | undefined): ViewerView | null {
  if (!view) return null;
  return {
    lon: view.position.lon,
    lat: view.position.lat,
    height: view.position.height,
    heading: view.heading,
    pitch: view.pitch,
    roll: view.roll,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** An angle folded into (-360, 360) and rounded to a thousandth of a degree. */
const angle = (degrees: number) => Math.round((degrees % 360) * 1000) / 1000;

export function toSavedView(view: ViewerView): SavedView {
  return {
    position: {
      lon: clamp(view.lon, -LIMITS.longitude, LIMITS.longitude),
      lat: clamp(view.lat, -LIMITS.latitude, LIMITS.latitude),
      height: clamp(view.height, 0, 1e7),
    },
    heading: angle(view.heading),
    pitch: angle(view.pitch),
    roll: angle(view.roll),
  };
}
