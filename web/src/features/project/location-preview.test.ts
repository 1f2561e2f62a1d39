import { describe, expect, it } from 'vitest';
import { locationPreview } from './location-preview';

describe('location preview', () => {
  it('draws a line into the box, north up, keeping its proportions', () => {
    const preview = locationPreview(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'LineString',
              coordinates: [
                [120, 30],
                [120.01, 30],
              ],
            },
          },
        ],
      },
      200,
      100,
      10,
    );
    expect(preview?.shapes).toEqual([{ kind: 'line', d: 'M10 50 L190 50' }]);
    expect(preview?.center).toEqual({ lon: 120.005, lat: 30 });
    expect(preview?.extentMetres.width).toBeCloseTo(0.01 * Math.cos(Math.PI / 6) * 111_320, 3);
  });

  it('draws polygons closed and points where they are', () => {
    const preview = locationPreview(
      {
        type: 'GeometryCollection',
        geometries: [
          {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [0, 1],
                [1, 1],
                [0, 0],
              ],
            ],
          },
          { type: 'Point', coordinates: [0, 0] },
        ],
      },
      120,
      120,
      10,
    );
    expect(preview?.shapes[0]?.kind).toBe('polygon');
    expect(preview?.shapes[0]?.d).toMatch(/^M10 110 L10 10 L110 10 L10 110 Z$/);
    expect(preview?.points).toEqual([{ x: 10, y: 110 }]);
  });

  it('puts a single point in the middle and answers null for nothing drawable', () => {
    expect(locationPreview({ type: 'Point', coordinates: [116.4, 39.9] }, 100, 80)?.points).toEqual([{ x: 50, y: 40 }]);
    expect(locationPreview({ type: 'FeatureCollection', features: [] }, 100, 80)).toBeNull();
    expect(locationPreview(null, 100, 80)).toBeNull();
  });
});
