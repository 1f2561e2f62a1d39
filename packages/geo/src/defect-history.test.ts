import { describe, expect, it } from 'vitest';
import { ecef } from './coordinates.js';
import { matchDefectHistory, sizeChange, type HistoryCandidate } from './defect-history.js';

/** 10 % and floors of 2 cm, 0.05 mm and 0.005 m², as the server uses (HISTORY_CHANGE_TOLERANCE). */
const TOLERANCE = { relative: 0.1, lengthM: 0.02, widthMm: 0.05, areaM2: 0.005 };
const OPTIONS = { distanceM: 0.3, tolerance: TOLERANCE };

const crack = (
  id: number,
  x: number,
  over: Partial<Omit<HistoryCandidate, 'position'>> & { y?: number; z?: number; placed?: boolean } = {},
): HistoryCandidate => ({
  id,
  typeId: 1,
  shape: 'line',
  lengthM: 1,
  widthMm: 0.5,
  areaM2: null,
  ...over,
  position: over.placed === false ? null : ecef(x, over.y ?? 0, over.z ?? 0),
});
const spall = (id: number, x: number, areaM2: number, over: Parameters<typeof crack>[2] = {}) =>
  crack(id, x, { typeId: 2, shape: 'area', lengthM: null, widthMm: null, areaM2, ...over });

describe('historical defect matching: same type and shape, nearest pairs first, one to one', () => {
  it('finds the planted pairs: a crack grown by 0.4 m, an unchanged spall, one new defect, one repaired', () => {
    const previous = [crack(101, 0), spall(102, 10, 0.2), crack(103, 20)];
    const current = [
      // The crack grew from 1 m to 1.4 m; its centroid moved 0.2 m along it.
      crack(1, 0.2, { lengthM: 1.4 }),
      // The spall measured again from another flight: 0.21 m² is noise (5 %).
      spall(2, 10.05, 0.21, { y: 0.05 }),
      // A crack 5 m from anything earlier.
      crack(3, 5),
    ];
    const found = matchDefectHistory(current, previous, OPTIONS);
    expect(found.pairs.map(({ currentId, previousId }) => [currentId, previousId])).toEqual([
      [1, 101],
      [2, 102],
    ]);
    expect(found.pairs[0]!.change.kind).toBe('length');
    expect(found.pairs[0]!.change.delta.lengthM).toBeCloseTo(0.4, 12);
    expect(found.pairs[0]!.change.delta.widthMm).toBe(0);
    expect(found.pairs[0]!.change.delta.areaM2).toBeNull();
    expect(found.pairs[0]!.distanceM).toBeCloseTo(0.2, 12);
    expect(found.pairs[1]!.change.kind).toBe('unchanged');
    expect(found.pairs[1]!.distanceM).toBeCloseTo(Math.hypot(0.05, 0.05), 12);
    expect(found.added).toEqual([3]);
    expect(found.repaired).toEqual([103]);
  });

  it('a type mismatch or an incompatible shape does not match, however near', () => {
    const previous = [crack(101, 0, { typeId: 7 }), spall(102, 10, 0.2, { typeId: 1 })];
    const current = [crack(1, 0), crack(2, 10)];
    const found = matchDefectHistory(current, previous, OPTIONS);
    expect(found.pairs).toEqual([]);
    expect(found.added).toEqual([1, 2]);
    expect(found.repaired).toEqual([101, 102]);
  });

  it('the threshold is inclusive: exactly at it matches, just over it does not', () => {
    expect(matchDefectHistory([crack(1, 0.3)], [crack(101, 0)], OPTIONS).pairs).toHaveLength(1);
    const over = matchDefectHistory([crack(1, 0.30001)], [crack(101, 0)], OPTIONS);
    expect(over.pairs).toEqual([]);
    expect(over.added).toEqual([1]);
    expect(over.repaired).toEqual([101]);
    // The same two at a threshold of 0.5 m.
    expect(matchDefectHistory([crack(1, 0.30001)], [crack(101, 0)], { ...OPTIONS, distanceM: 0.5 }).pairs).toHaveLength(
      1,
    );
  });

  it('one to one, nearest first: the nearer current defect takes the earlier one, the other is new', () => {
    // 1 is 0.1 m from 101, 2 is 0.05 m: 2 wins; 1 then has nothing else in reach.
    const found = matchDefectHistory([crack(1, 0.1), crack(2, -0.05)], [crack(101, 0)], OPTIONS);
    expect(found.pairs.map((pair) => [pair.currentId, pair.previousId])).toEqual([[2, 101]]);
    expect(found.added).toEqual([1]);
  });

  it('greedy: the nearest pair is taken even when another pairing would match more', () => {
    // 1–101 0.1 m, 1–102 0.25 m, 2–101 0.2 m: the nearest (1–101) goes first, then 2 has no partner left.
    const found = matchDefectHistory([crack(1, 0), crack(2, 0.3)], [crack(101, 0.1), crack(102, -0.25)], OPTIONS);
    expect(found.pairs.map((pair) => [pair.currentId, pair.previousId])).toEqual([[1, 101]]);
    expect(found.added).toEqual([2]);
    expect(found.repaired).toEqual([102]);
  });

  it('ties: equal distances go to the lower current id, then the lower earlier id', () => {
    const two = matchDefectHistory([crack(2, 0.1), crack(1, -0.1)], [crack(101, 0)], OPTIONS);
    expect(two.pairs.map((pair) => [pair.currentId, pair.previousId])).toEqual([[1, 101]]);
    const twoEarlier = matchDefectHistory([crack(1, 0)], [crack(102, 0.1), crack(101, -0.1)], OPTIONS);
    expect(twoEarlier.pairs.map((pair) => [pair.currentId, pair.previousId])).toEqual([[1, 101]]);
    expect(twoEarlier.repaired).toEqual([102]);
  });

  it('defects not placed on the model match nothing', () => {
    const found = matchDefectHistory([crack(1, 0, { placed: false })], [crack(101, 0, { placed: false })], OPTIONS);
    expect(found).toEqual({ pairs: [], added: [1], repaired: [101] });
  });

  it('fixed links take no part, and continuing gives what one run straight through gives', () => {
    const previous = [crack(101, 0), crack(102, 1), crack(103, 2), crack(104, 3)];
    const current = [crack(1, 0.05), crack(2, 1.1), crack(3, 2.2), crack(4, 9)];
    const whole = matchDefectHistory(current, previous, OPTIONS);
    const firstTwo = whole.pairs.slice(0, 2);
    const rest = matchDefectHistory(current, previous, {
      ...OPTIONS,
      fixed: {
        currentIds: firstTwo.map((pair) => pair.currentId),
        previousIds: firstTwo.map((pair) => pair.previousId),
      },
    });
    expect([...firstTwo, ...rest.pairs]).toEqual(whole.pairs);
    expect(rest.added).toEqual(whole.added);
    expect(rest.repaired).toEqual(whole.repaired);
    // A hand-made link of 3 to 101 leaves 1 without its nearest partner.
    const manual = matchDefectHistory(current, previous, {
      ...OPTIONS,
      fixed: { currentIds: [3], previousIds: [101] },
    });
    expect(manual.pairs.map((pair) => [pair.currentId, pair.previousId])).toEqual([[2, 102]]);
    expect(manual.added).toEqual([1, 4]);
    expect(manual.repaired).toEqual([103, 104]);
  });

  it('refuses a threshold that is not positive', () => {
    expect(() => matchDefectHistory([], [], { ...OPTIONS, distanceM: 0 })).toThrow(RangeError);
    expect(() => matchDefectHistory([], [], { ...OPTIONS, distanceM: Number.NaN })).toThrow(RangeError);
  });
});

describe('change kinds: a size moved by more than 10 % and its floor', () => {
  const line = (lengthM: number | null, widthMm: number | null) => ({ lengthM, widthMm, areaM2: null });
  it.each([
    ['length grown 0.4 m of 1 m', line(1.4, 0.5), 'length'],
    ['length grown 0.09 m of 1 m (under 10 %)', line(1.09, 0.5), 'unchanged'],
    ['width 0.5 to 0.8 mm', line(1, 0.8), 'width'],
    ['both', line(1.5, 0.8), 'lengthWidth'],
    ['shrunk in length', line(0.5, 0.5), 'length'],
    ['width unknown now: only length compared', line(1, null), 'unchanged'],
  ] as const)('%s', (_, current, kind) => {
    expect(sizeChange('line', current, line(1, 0.5), TOLERANCE).kind).toBe(kind);
  });

  it('the absolute floor keeps tiny defects from changing by noise: 0.1 m to 0.115 m is 15 % but 1.5 cm', () => {
    expect(sizeChange('line', line(0.115, null), line(0.1, null), TOLERANCE).kind).toBe('unchanged');
    expect(sizeChange('line', line(0.125, null), line(0.1, null), TOLERANCE).kind).toBe('length');
  });

  it('areas compare area only', () => {
    const area = (areaM2: number) => ({ lengthM: null, widthMm: null, areaM2 });
    const grown = sizeChange('area', area(0.3), area(0.2), TOLERANCE);
    expect(grown.kind).toBe('area');
    expect(grown.delta.areaM2).toBeCloseTo(0.1, 12);
    expect(sizeChange('area', area(0.21), area(0.2), TOLERANCE).kind).toBe('unchanged');
  });
});
