/** Sizes for people: every bytes-to-text conversion of the web goes through `formatBytes`. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A gigabyte as the team quota counts it (SPEC section 9 gives team storage in GB, binary ones). */
export const BYTES_PER_GB = 1024 ** 3;

/** Bytes in binary units with up to one decimal, none from 100 up: 1536 -> "1.5 KB", 24 MiB -> "24 MB". */
export function formatBytes(bytes: number): string {
  let value = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 || value >= 100 ? value.toFixed(0) : value.toFixed(1);
  return `${text.replace(/\.0$/, '')} ${UNITS[unit]}`;
}

/** Team storage, which the server gives in GB. */
export const formatGigabytes = (gigabytes: number): string => formatBytes(gigabytes * BYTES_PER_GB);

/** Used share of the team's storage, 0 to 100 (a team with no storage at all reads full). */
export function storagePercent(usedGb: number, maxGb: number): number {
  if (maxGb <= 0) return 100;
  return Math.min(100, Math.round((usedGb / maxGb) * 1000) / 10);
}

/** The parameters of `validation.fileTooLarge` for a file over `maxBytes`, or null when it fits. */
export function tooLarge(sizeBytes: number, maxBytes: number): { size: string; max: string } | null {
  return sizeBytes > maxBytes ? { size: formatBytes(sizeBytes), max: formatBytes(maxBytes) } : null;
}
