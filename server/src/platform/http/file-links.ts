import fs from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, type FileLink, authCalls } from '@sightline/shared';
import type { AuthContext } from '../auth/auth-context.js';
import type { Router } from './route.js';

/** How long a signed link lasts at least; the web asks for a new one well before. */
export const FILE_LINK_TTL_MS = 60 * 60 * 1000;
/** Expiry times are rounded up to this step, so links made within one step are the same URL and caches hit. */
const EXPIRY_STEP_MS = 10 * 60 * 1000;

export interface FileLinkOptions {
  /** The key links are signed with; every API process of a deployment must hold the same. */
  secret: Buffer;
  /** The caller of a session that is still signed in (not ended, not idle, not past its lifetime), or null. */
  authenticateSession: (sessionId: number, userId: number) => Promise<AuthContext | null>;
}

/** FILE_LINK_SECRET when configured, else a key made once and kept in the data folder (one machine). */
export function loadFileLinkSecret(config: { FILE_LINK_SECRET?: string | undefined; DATA_DIR: string }): Buffer {
  if (config.FILE_LINK_SECRET) return Buffer.from(config.FILE_LINK_SECRET);
  const file = path.join(config.DATA_DIR, 'file-link.key');
  try {
    return fs.readFileSync(file);
  } catch {
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      // Another process of this machine made it first; its key is the one to share.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return fs.readFileSync(file);
  }
}

/**
 * The one segment that must never appear inside a link's folder: a step up (`..`, or `.`), written plainly or
 * percent-encoded, or an encoded separator, any of which could lead a path outside the folder it was signed for.
 */
function staysInside(requestPath: string, folder: string): boolean {
  if (!requestPath.startsWith(folder)) return false;
  return requestPath
    .slice(folder.length)
    .split('/')
    .every((segment) => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return false;
      }
      return decoded !== '.' && decoded !== '..' && !/[/\\]/.test(decoded);
    });
}

/**
 * Signed links to files: an HMAC over a folder of file URLs, the user, their session and an expiry time. A link
 * opens only URLs inside its folder (one model version's tiles, one team's covers), only until it expires, only
 * while its session is signed in, and only to what the user may see at the time of each request: the file
 * route checks the user's rights as for any call.
 */
export function createFileLinks({ secret, authenticateSession }: FileLinkOptions) {
  const macOf = (folder: string, userId: number, sessionId: number, expires: number) =>
    createHmac('sha256', secret).update(`${folder}\n${userId}\n${sessionId}\n${expires}`).digest();

  return {
    /** A link to the files in `folder` for the caller's session. */
    sign(auth: AuthContext, folder: string, now = Date.now()): FileLink {
      const expiresMs = Math.ceil((now + FILE_LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
      const expires = expiresMs / 1000;
      const mac = macOf(folder, auth.userId, auth.sessionId, expires).toString('base64url');
      const sig = [auth.userId, auth.sessionId, expires, Buffer.from(folder).toString('base64url'), mac].join('.');
      return { query: `sig=${sig}`, expiresAt: new Date(expiresMs).toISOString() };
    },

    /** The caller a request's `sig` signs in, or null when it has none, or one that does not hold. */
    async authenticate(request: FastifyRequest): Promise<AuthContext | null> {
      const sig = (request.query as { sig?: unknown } | undefined)?.sig;
      if (typeof sig !== 'string') return null;
      const [userText = '', sessionText = '', expiresText = '', folderText = '', macText = ''] = sig.split('.');
      const [userId, sessionId, expires] = [userText, sessionText, expiresText].map(Number) as [number, number, number];
      if (![userId, sessionId, expires].every(Number.isSafeInteger) || expires * 1000 <= Date.now()) return null;
      const folder = Buffer.from(folderText, 'base64url').toString();
      const expected = macOf(folder, userId, sessionId, expires);
      const given = Buffer.from(macText, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (!staysInside(request.url.split('?')[0] ?? '', folder)) return null;
      return authenticateSession(sessionId, userId);
    },
  };
}

export type FileLinks = ReturnType<typeof createFileLinks>;

/** The call that gives the signed-in web a link for a folder of file routes. */
export function registerFileLinkRoute(router: Router, links: FileLinks): void {
  router.user({
    call: authCalls.fileLink,
    summary: 'A signed link to the files in a folder of a file route, for elements that cannot send a header',
    tags: ['auth'],
    handler: async ({ auth, query }) => {
      if (!router.isFileFolder(query.folder)) throw new AppError('notFound');
      return links.sign(auth, query.folder);
    },
  });
}
