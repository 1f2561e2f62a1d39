/** The project version last seen by this browser (local storage `projectVersion`). */
export const PROJECT_VERSION_STORAGE_KEY = 'projectVersion';

/**
 * A new deployment changes the version the server reports; the page then reloads once to pick up
 * new scripts (SPEC section 2). A browser that has seen no version yet only records it.
 */
export function needsReload(stored: string | null, current: string): boolean {
  return stored !== null && stored !== current;
}
