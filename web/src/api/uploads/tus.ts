import { fetchTeamDetails } from '../team';
import { getToken } from '../token';
import { BYTES_PER_GB } from '../../lib/sizes';
import type { UploadFailure } from './upload-error';

/**
 * What every resumable upload of the web (a model zip, inspection photos) shares around Uppy and @uppy/tus: the
 * endpoint, the session header, the waits between retries, the team storage check before a start, and forgetting
 * the addresses tus keeps for resuming.
 */

/** Waits between retries of a failed request (a network hiccup, a server restarting). */
export const UPLOAD_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/** The absolute URL of a tus endpoint path of ours. */
export function tusEndpointUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/** The session's header for each tus request, read at the time of the request (a token may change). */
export function tusAuthHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The storage rule of SPEC section 5: used plus the new size (GB as the server gives them) within the maximum. */
export function storageFailure(
  team: { teamVolumeSize: number; teamVolumeMax: number },
  sizeBytes: number,
): UploadFailure | null {
  return team.teamVolumeSize + sizeBytes / BYTES_PER_GB > team.teamVolumeMax ? { key: 'TEAM_VOLUME_EXCEED' } : null;
}

/** The storage check before a start, with the team's current figures. */
export async function checkTeamStorage(sizeBytes: number): Promise<UploadFailure | null> {
  try {
    return storageFailure(await fetchTeamDetails({ quiet: true }), sizeBytes);
  } catch {
    // Without the figures the server's own check (when the upload is created) still decides.
    return null;
  }
}

/**
 * tus keeps each upload's address in local storage under `tus::<fingerprint>::<n>`, the fingerprint being
 * `tus-<Uppy file id>-<endpoint>` (@uppy/tus getFingerprint); a cancelled upload's entries go with it.
 */
export function forgetResumableUploads(fileIds: readonly string[]): void {
  if (fileIds.length === 0) return;
  try {
    const prefixes = fileIds.map((id) => `tus::tus-${id}-`);
    for (let index = localStorage.length - 1; index >= 0; index--) {
      const key = localStorage.key(index);
      if (key && prefixes.some((prefix) => key.startsWith(prefix))) localStorage.removeItem(key);
    }
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
