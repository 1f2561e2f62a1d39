import type { LicenceInfo, LicenceStatus } from '@sightline/shared';

/** GET /api/license/info as the server answers it (packages/shared, schemas/licence.ts). */
export type LicenseInfo = LicenceInfo;
export type LicenseStatus = LicenceStatus;
export type LicenseFunction = LicenceInfo['functions'][number];

/** Errors of an activation the page explains in place (the file is wrong, not the session). */
export const ACTIVATION_ERROR_KEYS = ['LICENSE_CODE_ERROR', 'LICENSE_INFO_EXCEPTION', 'LICENSE_EXPIRED'] as const;

/** Whole days left until `expiresAt` (0 once past), for "expires in N days". */
export function daysLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) return null;
  return Math.max(0, Math.ceil((time - now) / (24 * 60 * 60 * 1000)));
}

/** A licence file is text of a few hundred bytes; anything far larger is refused before upload. */
export const LICENCE_FILE_MAX_BYTES = 64 * 1024;
