import { describe, expect, it } from 'vitest';
import { cropAround } from './defect-crop';

describe('the photo around a defect', () => {
  it('grows the shape box by half its larger side each way', () => {
    // A 200 × 100 box centred at (1000, 500): 200 + 2 × 100 wide, 100 + 2 × 100 high.
    expect(
      cropAround(
        [
          [900, 450],
          [1100, 550],
        ],
        4000,
        3000,
      ),
    ).toEqual({ x: 800, y: 350, width: 400, height: 300 });
  });

  it('stays inside the photo near its corner and gives a point a minimum size', () => {
    expect(cropAround([[10, 10]], 4000, 3000)).toEqual({ x: 0, y: 0, width: 128, height: 128 });
    expect(cropAround([[3990, 2990]], 4000, 3000)).toEqual({ x: 3872, y: 2872, width: 128, height: 128 });
  });

  it('never grows beyond the photo', () => {
    expect(
      cropAround(
        [
          [0, 0],
          [90, 50],
        ],
        100,
        60,
      ),
    ).toEqual({ x: 0, y: 0, width: 100, height: 60 });
  });
});
