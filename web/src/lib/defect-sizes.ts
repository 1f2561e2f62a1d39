/** A defect's sizes as every screen writes them (the defect list, its details, a defect's history). */

export const SIZE_DIMENSIONS = ['lengthM', 'widthMm', 'areaM2'] as const;
export type SizeDimension = (typeof SIZE_DIMENSIONS)[number];

/** Metres to the centimetre, millimetres to the hundredth, square metres to the ten-thousandth. */
const SIZE_DIGITS: Readonly<Record<SizeDimension, number>> = { lengthM: 3, widthMm: 2, areaM2: 4 };

export function formatSize(value: number | null, dimension: SizeDimension): string {
  return value === null ? '—' : String(Number(value.toFixed(SIZE_DIGITS[dimension])));
}
