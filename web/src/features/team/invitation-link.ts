/** Pure helpers of the invitation link dialog. */

/** A link past its expiry cannot be handed out any more: copying it says so instead. */
export function isLinkExpired(expiresAt: string, now: number): boolean {
  const time = Date.parse(expiresAt);
  return Number.isNaN(time) || time <= now;
}

/** The address to hand out: the server gives the web path, the web adds its own origin. */
export function inviteUrl(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The text "copy link and password" puts on the clipboard. */
export function inviteMessage(labels: { link: string; password: string }, url: string, password: string): string {
  return `${labels.link}: ${url}\n${labels.password}: ${password}`;
}

/** Days the link dialog offers as shortcuts; any whole number up to the server's maximum is allowed. */
export const VALIDITY_SHORTCUTS = [1, 7, 30] as const;
