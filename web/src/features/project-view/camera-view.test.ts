import { cameraViewSchema } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import { toSavedView, toViewerView } from './camera-view';

describe('default view conversion', () => {
  it('goes from the viewer to the saved form and back', () => {
    const viewer = { lon: -75.61, lat: 40.04, height: 120.5, heading: 30, pitch: -35, roll: 0 };
    const saved = toSavedView(viewer);
    expect(cameraViewSchema.safeParse(saved).success).toBe(true);
    expect(toViewerView(saved)).toEqual(viewer);
    expect(toViewerView(null)).toBeNull();
  });

  it('keeps what it saves inside the ranges the server accepts', () => {
    const saved = toSavedView({ lon: 181, lat: -91, height: -3, heading: 725.12345, pitch: -89.9999, roll: 359.9 });
    expect(saved).toEqual({
      position: { lon: 180, lat: -90, height: 0 },
      heading: 5.123,
      pitch: -90,
      roll: 359.9,
    });
    expect(cameraViewSchema.safeParse(saved).success).toBe(true);
  });
});
