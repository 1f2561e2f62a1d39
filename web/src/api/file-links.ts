import { authCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import type { FileLink } from '@sightline/shared';
import { call } from './client';
import { queryClient } from './query-client';
import { fileLinkKeys } from './query-keys';

/**
 * The folders links are asked for: as wide as what one screen shows at once (every avatar, one team's covers,
 * one model version's tiles, whose tile URLs CesiumJS derives from the tileset's and which keep its query).
 */
const LINK_FOLDERS = [
  /^\/api\/files\/avatars\//,
  /^\/api\/files\/project-covers\/\d+\//,
  /^\/api\/project-model\/tiles\/\d+\/\d+\//,
  /^\/api\/files\/key-defects\/\d+\//,
];

/** The folder whose link opens `url`, or null for a URL that needs none (a public file, another site's). */
export function fileFolderOf(url: string): string | null {
  for (const pattern of LINK_FOLDERS) {
    const match = pattern.exec(url);
    if (match) return match[0];
  }
  return null;
}

/** Links last an hour at least; one is asked for again when half of that is gone. */
const RENEW_AFTER_MS = 30 * 60_000;

function linkOptions(folder: string) {
  return {
    queryKey: fileLinkKeys.folder(folder),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(authCalls.fileLink, { query: { folder }, signal, quiet: true }),
    staleTime: RENEW_AFTER_MS,
    refetchInterval: RENEW_AFTER_MS,
  };
}

/** `url` with the link's query: the session token itself never goes into a URL. */
export function withFileLink(url: string, link: FileLink): string {
  return `${url}${url.includes('?') ? '&' : '?'}${link.query}`;
}

/** A link for `folder`; `fresh` asks the server again (the one held was refused, having expired). */
export function fetchFileLink(folder: string, options: { fresh?: boolean } = {}): Promise<FileLink> {
  return queryClient.fetchQuery({ ...linkOptions(folder), ...(options.fresh ? { staleTime: 0 } : {}) });
}

/**
 * A stored file's URL as an element that cannot send a header (`<img>`) fetches it: with a signed link to its
 * folder, renewed while the element is shown; public files as they are; undefined while the link is asked for.
 */
export function useFileUrl(url: string | null | undefined): string | undefined {
  const folder = url ? fileFolderOf(url) : null;
  const { data } = useQuery({ ...linkOptions(folder ?? ''), enabled: folder !== null });
  if (!url) return undefined;
  if (folder === null) return url;
  return data ? withFileLink(url, data) : undefined;
}
