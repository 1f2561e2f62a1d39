/**
 * Where project covers live: the blob key under the team's folder, and the URL the web shows. Each
 * upload gets a new random name, so the bytes behind a URL never change.
 */
export const COVER_NAME_PATTERN = /^cover-[0-9a-f]{24}\.(jpg|png)$/;
const COVER_URL_PATTERN = /^\/api\/files\/project-covers\/(\d+)\/([^/]+)$/;

export const coverKey = (teamId: number, name: string) => `teams/${teamId}/projects/covers/${name}`;
export const coverUrl = (teamId: number, name: string) => `/api/files/project-covers/${teamId}/${name}`;

/** Reads a cover URL this server handed out, whether relative or absolute, with or without `?token=`. */
export function parseCoverUrl(url: string): { teamId: number; name: string } | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const match = COVER_URL_PATTERN.exec(pathname);
  const name = match?.[2];
  if (!match || !name || !COVER_NAME_PATTERN.test(name)) return null;
  return { teamId: Number(match[1]), name };
}

/** The blob key behind a stored cover URL, or null for a URL that is not ours. */
export function coverKeyOf(url: string | null): string | null {
  const cover = url === null ? null : parseCoverUrl(url);
  return cover ? coverKey(cover.teamId, cover.name) : null;
}
