import { describe, expect, it } from 'vitest';
import { mergeDefects, polylineDistance, type MergeCandidate, type MergeShape } from './defect-merge.js';

type P = [number, number];
const defect = (id: number, shape: MergeShape, over: Partial<MergeCandidate> = {}): MergeCandidate => ({
  id,
  imageId: 1,
  typeId: 7,
  shape,
  ...over,
});
const square = (u: number, v: number, side: number): MergeShape => ({
  kind: 'polygon',
  points: [
    [u, v],
    [u + side, v],
    [u + side, v + side],
    [u, v + side],
  ],
});
const line = (points: P[], widthPx: number | null = null): MergeShape => ({ kind: 'polyline', points, widthPx });

/** Shoelace area of an open ring. */
const area = (points: readonly P[]) =>
  Math.abs(
    points.reduce(
      (sum, [u, v], i) => sum + u * points[(i + 1) % points.length]![1] - points[(i + 1) % points.length]![0] * v,
      0,
    ),
  ) / 2;
const sorted = (points: readonly P[]) => [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

function merged(defects: MergeCandidate[]) {
  const result = mergeDefects(defects);
  if (!result.ok) throw new Error(`expected a merge, got ${result.error}`);
  return result.shape;
}

describe('merging areas: the union of their rings', () => {
  it('two 10 px squares overlapping by 5 × 5: one eight-cornered ring of 100 + 100 − 25 = 175 px²', () => {
    const shape = merged([defect(1, square(0, 0, 10)), defect(2, square(5, 5, 10))]);
    expect(shape.kind).toBe('polygon');
    expect(shape.widthPx).toBeNull();
    expect(sorted(shape.points)).toEqual(
      sorted([
        [0, 0],
        [10, 0],
        [10, 5],
        [15, 5],
        [15, 15],
        [5, 15],
        [5, 10],
        [0, 10],
      ]),
    );
    expect(area(shape.points)).toBe(175);
  });

  it('a rectangle and a polygon sharing an edge merge into the 20 × 10 rectangle (the ring left open)', () => {
    const rectangle: MergeShape = { ...square(0, 0, 10), kind: 'rectangle' };
    const shape = merged([defect(1, rectangle), defect(2, square(10, 0, 10))]);
    expect(area(shape.points)).toBe(200);
    expect(shape.points.at(0)).not.toEqual(shape.points.at(-1));
    expect(sorted(shape.points)).toEqual(
      sorted([
        [0, 0],
        [20, 0],
        [20, 10],
        [0, 10],
      ]),
    );
  });

  it('a chain of three (the first and last apart) merges; four around a hole fill it', () => {
    const chain = merged([defect(1, square(0, 0, 10)), defect(2, square(8, 0, 10)), defect(3, square(16, 0, 10))]);
    expect(area(chain.points)).toBe(260);
    const frame = merged([
      defect(1, {
        kind: 'rectangle',
        points: [
          [0, 0],
          [30, 0],
          [30, 10],
          [0, 10],
        ],
      }),
      defect(2, {
        kind: 'rectangle',
        points: [
          [0, 20],
          [30, 20],
          [30, 30],
          [0, 30],
        ],
      }),
      defect(3, {
        kind: 'rectangle',
        points: [
          [0, 0],
          [10, 0],
          [10, 30],
          [0, 30],
        ],
      }),
      defect(4, {
        kind: 'rectangle',
        points: [
          [20, 0],
          [30, 0],
          [30, 30],
          [20, 30],
        ],
      }),
    ]);
    // The 10 × 10 hole in the middle is filled: the outer 30 × 30 ring.
    expect(area(frame.points)).toBe(900);
  });

  it('areas apart, or touching at a corner only, do not merge', () => {
    expect(mergeDefects([defect(1, square(0, 0, 10)), defect(2, square(11, 0, 10))])).toEqual({
      ok: false,
      error: 'noIntersection',
    });
    expect(mergeDefects([defect(1, square(0, 0, 10)), defect(2, square(10, 10, 10))])).toEqual({
      ok: false,
      error: 'noIntersection',
    });
    // Two that meet and a third apart: not one piece.
    expect(
      mergeDefects([defect(1, square(0, 0, 10)), defect(2, square(5, 0, 10)), defect(3, square(40, 0, 10))]),
    ).toEqual({ ok: false, error: 'noIntersection' });
  });
});

describe('merging lines: joined end to end by connectivity', () => {
  it('two cracks meeting end to end: one path, the joint once, whichever way each was drawn', () => {
    const expected = [
      [0, 0],
      [10, 0],
      [20, 5],
    ];
    expect(
      merged([
        defect(
          1,
          line([
            [0, 0],
            [10, 0],
          ]),
        ),
        defect(
          2,
          line([
            [10, 0],
            [20, 5],
          ]),
        ),
      ]).points,
    ).toEqual(expected);
    expect(
      merged([
        defect(
          1,
          line([
            [10, 0],
            [0, 0],
          ]),
        ),
        defect(
          2,
          line([
            [20, 5],
            [10, 0],
          ]),
        ),
      ]).points,
    ).toEqual([...expected].reverse());
  });

  it('given out of order, three pieces join from an end of the crack', () => {
    const shape = merged([
      defect(
        1,
        line([
          [20, 0],
          [30, 0],
        ]),
      ),
      defect(
        2,
        line([
          [0, 0],
          [10, 0],
        ]),
      ),
      defect(
        3,
        line([
          [10, 0],
          [20, 0],
        ]),
      ),
    ]);
    expect(shape.points).toEqual([
      [0, 0],
      [10, 0],
      [20, 0],
      [30, 0],
    ]);
  });

  it('ends 1.5 px apart join by a step within 2 px strokes (reach 2 px); 3 px apart they do not', () => {
    const near = merged([
      defect(
        1,
        line(
          [
            [0, 0],
            [10, 0],
          ],
          2,
        ),
      ),
      defect(
        2,
        line(
          [
            [11.5, 0],
            [20, 0],
          ],
          2,
        ),
      ),
    ]);
    expect(near.points).toEqual([
      [0, 0],
      [10, 0],
      [11.5, 0],
      [20, 0],
    ]);
    expect(near.widthPx).toBe(2);
    expect(
      mergeDefects([
        defect(
          1,
          line(
            [
              [0, 0],
              [10, 0],
            ],
            2,
          ),
        ),
        defect(
          2,
          line(
            [
              [13, 0],
              [20, 0],
            ],
            2,
          ),
        ),
      ]),
    ).toEqual({
      ok: false,
      error: 'noIntersection',
    });
    // Without drawn widths the reach is one pixel.
    expect(
      mergeDefects([
        defect(
          1,
          line([
            [0, 0],
            [10, 0],
          ]),
        ),
        defect(
          2,
          line([
            [11.5, 0],
            [20, 0],
          ]),
        ),
      ]).ok,
    ).toBe(false);
    expect(
      merged([
        defect(
          1,
          line([
            [0, 0],
            [10, 0],
          ]),
        ),
        defect(
          2,
          line([
            [11, 0],
            [20, 0],
          ]),
        ),
      ]).widthPx,
    ).toBeNull();
  });

  it('crossing cracks join by a step from the first one’s end to the nearest end of the other; the widest stroke', () => {
    const shape = merged([
      defect(
        1,
        line(
          [
            [0, 0],
            [10, 10],
          ],
          1,
        ),
      ),
      defect(
        2,
        line(
          [
            [0, 10],
            [10, 0],
          ],
          3,
        ),
      ),
    ]);
    expect(shape.points).toEqual([
      [0, 0],
      [10, 10],
      [0, 10],
      [10, 0],
    ]);
    expect(shape.widthPx).toBe(3);
  });

  it('the distance between polylines: 0 when they cross or touch, else the nearest approach', () => {
    expect(
      polylineDistance(
        [
          [0, 0],
          [10, 10],
        ],
        [
          [0, 10],
          [10, 0],
        ],
      ),
    ).toBe(0);
    expect(
      polylineDistance(
        [
          [0, 0],
          [10, 0],
        ],
        [
          [5, 0],
          [5, 10],
        ],
      ),
    ).toBe(0);
    expect(
      polylineDistance(
        [
          [0, 0],
          [10, 0],
        ],
        [
          [5, 3],
          [5, 10],
        ],
      ),
    ).toBe(3);
    expect(
      polylineDistance(
        [
          [0, 0],
          [10, 0],
        ],
        [
          [13, 4],
          [20, 4],
        ],
      ),
    ).toBe(5);
  });
});

describe('what a merge refuses', () => {
  it('fewer than two, different photos, types or shape kinds; a rectangle and a polygon are both areas', () => {
    expect(mergeDefects([defect(1, square(0, 0, 10))])).toEqual({ ok: false, error: 'tooFew' });
    expect(mergeDefects([defect(1, square(0, 0, 10)), defect(2, square(5, 5, 10), { imageId: 2 })])).toEqual({
      ok: false,
      error: 'differentPhotos',
    });
    expect(mergeDefects([defect(1, square(0, 0, 10)), defect(2, square(5, 5, 10), { typeId: 8 })])).toEqual({
      ok: false,
      error: 'differentTypes',
    });
    expect(
      mergeDefects([
        defect(1, square(0, 0, 10)),
        defect(
          2,
          line([
            [0, 0],
            [5, 5],
          ]),
        ),
      ]),
    ).toEqual({
      ok: false,
      error: 'differentKinds',
    });
    expect(mergeDefects([defect(1, { ...square(0, 0, 10), kind: 'rectangle' }), defect(2, square(5, 5, 10))]).ok).toBe(
      true,
    );
  });
});
