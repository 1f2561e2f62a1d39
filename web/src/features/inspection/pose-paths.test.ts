import { describe, expect, it } from 'vitest';
import { poseAdjustmentPath, poseAdjustmentQuery } from './pose-paths';

const parse = (search: string, max = 1000) => poseAdjustmentQuery(new URLSearchParams(search), max);

describe('the pose adjustment page query', () => {
  it('reads an inspection and its photos, each photo once', () => {
    expect(parse('inspectionId=4&imageIds=7,9,7')).toEqual({ inspectionId: 4, imageIds: [7, 9] });
    expect(parse(poseAdjustmentPath(3, [5]).split('?')[1]!)).toEqual({ inspectionId: 3, imageIds: [5] });
  });

  it('refuses a missing, malformed or oversized query', () => {
    expect(parse('imageIds=1')).toBeNull();
    expect(parse('inspectionId=1')).toBeNull();
    expect(parse('inspectionId=1&imageIds=')).toBeNull();
    expect(parse('inspectionId=1&imageIds=2,x')).toBeNull();
    expect(parse('inspectionId=0&imageIds=2')).toBeNull();
    expect(parse('inspectionId=1&imageIds=-2')).toBeNull();
    expect(parse('inspectionId=2147483648&imageIds=2')).toBeNull();
    expect(parse('inspectionId=1&imageIds=1,2,3', 2)).toBeNull();
  });
});
