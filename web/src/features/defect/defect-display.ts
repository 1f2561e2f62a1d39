/**
 * What the defect screens show of a defect, kept free of React and Cesium: the size a user sees (edited over
 * computed), a type's colour and the 3D view's points and legend (the part of the photo around a shape is lib/defect-crop.ts).
 */
import type { Defect, DefectSize, DefectType } from '@sightline/shared';
import { SIZE_DIMENSIONS, type SizeDimension } from '../../lib/defect-sizes';

export { SIZE_DIMENSIONS, formatSize, type SizeDimension } from '../../lib/defect-sizes';

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

type Level = 1 | 2 | 3 | 4 | 5;
/** The name of a scale level (1 intact to 5 severe; the shared schema holds a defect's level to that range). */
export const levelKey = (level: number) => `defectList.level.${level as Level}` as const;

/** A count the server stopped at its cap (`LIMITS.defectCountCap`, `defectHiddenCountCap`) reads "20000+": there are more than it counted. */
export const cappedCount = (count: number, capped: boolean | undefined): number | string =>
  capped ? `${count}+` : count;
