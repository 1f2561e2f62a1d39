/**
 * What the defect screens show of a defect, kept free of React and Cesium: the size a user sees (edited over
 * computed), a type's colour, the 3D view's points and legend, and the part of the photo around a shape.
 */
import type { Defect, DefectSize, DefectType } from '@sightline/shared';

export const SIZE_DIMENSIONS = ['lengthM', 'widthMm', 'areaM2'] as const;
export type SizeDimension = (typeof SIZE_DIMENSIONS)[number];

export interface ShownSize {
  /** What the list shows: the edited value when there is one, else the computed one. */
  value: number | null;
  computed: number | null;
  edited: boolean;
}

export function shownSize(defect: Pick<Defect, 'size' | 'sizeEdited'>, dimension: SizeDimension): ShownSize {
  const computed = defect.size[dimension];
  const edited = defect.sizeEdited?.[dimension] ?? null;
  return { value: edited ?? computed, computed, edited: edited !== null };
}

/** Metres to the centimetre, millimetres to the hundredth, square metres to the ten-thousandth. */
const SIZE_DIGITS: Readonly<Record<SizeDimension, number>> = { lengthM: 3, widthMm: 2, areaM2: 4 };

export function formatSize(value: number | null, dimension: SizeDimension): string {
  return value === null ? '—' : String(Number(value.toFixed(SIZE_DIGITS[dimension])));
}

/** The sizes a dialog sends: a field left as computed is null (the server then keeps showing the computed one). */
export function editedSizes(values: Partial<Record<SizeDimension, number | null>>): DefectSize | null {
  const sizes = Object.fromEntries(SIZE_DIMENSIONS.map((key) => [key, values[key] ?? null])) as DefectSize;
  return SIZE_DIMENSIONS.some((key) => sizes[key] !== null) ? sizes : null;
}

/** RGBA in 0..1, as Cesium's colours take it. */
export type Rgba = [number, number, number, number];
/** A type whose colour cannot be read is drawn in this (antd's volcano). */
export const FALLBACK_COLOUR = '#fa541c';

/** A type's marker colour (`#RRGGBB` or `#RGB`, as the project configuration stores it) as RGBA; null when unreadable. */
export function parseColour(css: string): Rgba | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(css.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  const channel = (index: number) => parseInt(hex.slice(index * 2, index * 2 + 2), 16) / 255;
  return [channel(0), channel(1), channel(2), 1];
}

/** A defect as the 3D view draws it: a point at its place on the model in its type's colour. */
export interface DefectPoint {
  id: number;
  code: string;
  /** CSS `#RRGGBB`. */
  color: string;
  position: { lon: number; lat: number; height: number };
}

export interface TypeGroup {
  typeId: number;
  color: string;
  count: number;
}

/**
 * The located defects as points, and per type how many there are (the layer's legend, most first): a defect whose
 * type is unknown or whose colour is unreadable is drawn in the fallback colour.
 */
export function defectPoints(
  defects: readonly Defect[],
  types: readonly Pick<DefectType, 'id' | 'color'>[],
): { points: DefectPoint[]; groups: TypeGroup[]; unplaced: number } {
  const colours = new Map(types.map((type) => [type.id, parseColour(type.color) ? type.color : FALLBACK_COLOUR]));
  const points: DefectPoint[] = [];
  const groups = new Map<number, TypeGroup>();
  for (const defect of defects) {
    if (!defect.position) continue;
    const color = colours.get(defect.typeId) ?? FALLBACK_COLOUR;
    points.push({ id: defect.id, code: defect.code, color, position: defect.position });
    const group = groups.get(defect.typeId) ?? { typeId: defect.typeId, color, count: 0 };
    group.count++;
    groups.set(defect.typeId, group);
  }
  return {
    points,
    groups: [...groups.values()].sort((a, b) => b.count - a.count || a.typeId - b.typeId),
    unplaced: defects.length - points.length,
  };
}

export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of a `imageWidth` × `imageHeight` photo the details show around a shape: its bounding box grown by
 * `margin` of its larger side on each side (at least `minSide` pixels across), kept inside the photo.
 */
export function cropAround(
  points: readonly (readonly [number, number])[],
  imageWidth: number,
  imageHeight: number,
  margin = 0.5,
  minSide = 64,
): PixelBox {
  if (points.length === 0) return { x: 0, y: 0, width: imageWidth, height: imageHeight };
  const us = points.map((point) => point[0]);
  const vs = points.map((point) => point[1]);
  const [left, right, top, bottom] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  const side = Math.max(right - left, bottom - top, minSide);
  const grow = side * margin;
  const width = Math.min(imageWidth, Math.max(right - left, minSide) + 2 * grow);
  const height = Math.min(imageHeight, Math.max(bottom - top, minSide) + 2 * grow);
  const clamp = (start: number, length: number, limit: number) => Math.min(Math.max(0, start), limit - length);
  return {
    x: clamp((left + right) / 2 - width / 2, width, imageWidth),
    y: clamp((top + bottom) / 2 - height / 2, height, imageHeight),
    width,
    height,
  };
}

type Level = 1 | 2 | 3 | 4 | 5;
/** The name of a scale level (1 intact to 5 severe; the shared schema holds a defect's level to that range). */
export const levelKey = (level: number) => `defectList.level.${level as Level}` as const;

/** A count the server stopped at its cap (`LIMITS.defectCountCap`, `defectHiddenCountCap`) reads "20000+": there are more than it counted. */
export const cappedCount = (count: number, capped: boolean | undefined): number | string =>
  capped ? `${count}+` : count;
