/** Lengths in metres and areas in square metres, as SPEC's defect sizes (section 9: length m, area square m). */
export function formatMetres(value: number): string {
  return `${value.toFixed(Math.abs(value) < 10 ? 3 : 2)} m`;
}

export function formatSquareMetres(value: number): string {
  return `${value.toFixed(Math.abs(value) < 10 ? 3 : 2)} m²`;
}

export const THEME_COLOURS = {
  dark: { background: '#141414', globe: '#1d2733' },
  light: { background: '#eef1f5', globe: '#c9d4df' },
} as const;
