const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes for people: 1024-based, one decimal from KB up (the team quota counts GB the same way). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** The i18n key of an item kind, or null for a kind this web has no name for yet. */
export const KNOWN_KINDS = ['project', 'inspection', 'image', 'report', 'monitor_point'] as const;
export function kindKey(kind: string): (typeof KNOWN_KINDS)[number] | null {
  return (KNOWN_KINDS as readonly string[]).includes(kind) ? (kind as (typeof KNOWN_KINDS)[number]) : null;
}
