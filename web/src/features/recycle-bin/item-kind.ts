/** The i18n key of an item kind, or null for a kind this web has no name for yet. */
export const KNOWN_KINDS = ['project', 'inspection', 'image', 'report', 'monitor_point'] as const;
export function kindKey(kind: string): (typeof KNOWN_KINDS)[number] | null {
  return (KNOWN_KINDS as readonly string[]).includes(kind) ? (kind as (typeof KNOWN_KINDS)[number]) : null;
}
