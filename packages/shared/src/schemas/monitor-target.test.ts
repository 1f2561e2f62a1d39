import { describe, expect, it } from 'vitest';
import { arucoMarkerCount, createTargetBodySchema, targetChartQuerySchema } from './monitor-target.js';

const base = { projectId: 1, imageId: 2, name: 'T', thresholdMm: 10 };
const region = { x: 10, y: 20, width: 30, height: 40 };
/** The issues' paths and keys, as the server sends them. */
function issues(body: Record<string, unknown>) {
  const result = createTargetBodySchema.safeParse({ ...base, ...body });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('a new target needs what its kind needs', () => {
  it('an ArUco marker: its dictionary and an id the dictionary has; the region is optional', () => {
    expect(issues({ type: 'physical', marker: 'aruco', dictionary: 'DICT_4X4_50', markerId: 49 })).toEqual([]);
    expect(issues({ type: 'physical', marker: 'aruco', dictionary: 'DICT_4X4_50', markerId: 50 })).toEqual([
      ['markerId', 'numberRange'],
    ]);
    expect(issues({ type: 'physical', marker: 'aruco' })).toEqual([
      ['dictionary', 'required'],
      ['markerId', 'required'],
    ]);
    expect(issues({ type: 'physical', marker: 'aruco', dictionary: 'DICT_ARUCO_ORIGINAL', markerId: 1023 })).toEqual(
      [],
    );
  });

  it('a circle and a virtual target: their region, at least 8 px a side', () => {
    expect(issues({ type: 'physical', marker: 'circle' })).toEqual([['region', 'required']]);
    expect(issues({ type: 'physical', marker: 'circle', region })).toEqual([]);
    expect(issues({ type: 'virtual' })).toEqual([['region', 'required']]);
    expect(issues({ type: 'virtual', region: { ...region, width: 7 } })).toEqual([['region.width', 'numberRange']]);
    expect(issues({ type: 'physical' })).toEqual([['marker', 'required']]);
  });

  it('dictionaries hold the number of markers their name says', () => {
    expect(arucoMarkerCount('DICT_6X6_250')).toBe(250);
    expect(arucoMarkerCount('DICT_7X7_1000')).toBe(1000);
  });
});

describe('the line chart query', () => {
  it('reads target ids as a comma-separated list', () => {
    expect(targetChartQuerySchema.parse({ projectId: '3', tagIds: '1,22,5' })).toEqual({
      projectId: 3,
      tagIds: [1, 22, 5],
    });
    expect(targetChartQuerySchema.safeParse({ projectId: '3', tagIds: '1,,2' }).success).toBe(false);
  });
});
