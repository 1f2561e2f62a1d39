/** Pure helpers of the invite page. */

/** The invitation id of an invite URL's query, or '' when there is none. */
export function sidOf(search: string): string {
  return new URLSearchParams(search).get('sid')?.trim() ?? '';
}

/**
 * Where a user who just signed in goes: back to the invite page when the login page was reached
 * from an invitation (its query carries `sid`), else the first menu page with the query kept.
 */
export function afterLoginTarget(search: string, firstMenuPath: string): string {
  const sid = sidOf(search);
  if (sid) return `/invite?sid=${encodeURIComponent(sid)}`;
  return `${firstMenuPath}${search}`;
}
