import { AppError } from '@sightline/shared';
import type { TeamRepo } from './team.repo.js';

const GIB = 1024 ** 3;
/** From this share of the maximum the team counts as almost full and the web warns. */
export const ALMOST_FULL_RATIO = 0.9;

export interface TeamVolumeUsage {
  usedBytes: number;
  maxBytes: number;
  /** usedBytes / maxBytes, 0 to 1 (above 1 only if the maximum was lowered below the usage). */
  ratio: number;
  almostFull: boolean;
}

function usageOf(row: { volume_used_bytes: string; volume_max_gb: number }): TeamVolumeUsage {
  const usedBytes = Number(row.volume_used_bytes);
  const maxBytes = row.volume_max_gb * GIB;
  const ratio = maxBytes > 0 ? usedBytes / maxBytes : 1;
  return { usedBytes, maxBytes, ratio, almostFull: ratio >= ALMOST_FULL_RATIO };
}

function assertByteCount(bytes: number): void {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new RangeError(`not a byte count: ${bytes}`);
}

/**
 * Every stored byte is counted against its team. Callers reserve before they store anything and
 * release what they free (permanent deletion) or failed to store; the avatar, which belongs to
 * a user and not to a team, is not counted.
 */
export function createQuotaService({ repo }: { repo: TeamRepo }) {
  return {
    /** Counts `bytes` against the team, or throws TEAM_VOLUME_EXCEED (nothing counted) when they do not fit. */
    async reserve(teamId: number, bytes: number): Promise<TeamVolumeUsage> {
      assertByteCount(bytes);
      const row = await repo.reserveVolume(teamId, bytes);
      if (row) return usageOf(row);
      const current = await repo.findVolume(teamId);
      if (!current) throw new AppError('USER_NO_TEAM_ERROR');
      const usage = usageOf(current);
      throw new AppError('TEAM_VOLUME_EXCEED', {
        params: {
          usedGb: Math.round((usage.usedBytes / GIB) * 100) / 100,
          maxGb: current.volume_max_gb,
          requestedBytes: bytes,
        },
      });
    },

    /** Gives back `bytes`; the counter never goes below zero. */
    async release(teamId: number, bytes: number): Promise<TeamVolumeUsage> {
      assertByteCount(bytes);
      const row = await repo.releaseVolume(teamId, bytes);
      if (!row) throw new AppError('USER_NO_TEAM_ERROR');
      return usageOf(row);
    },

    async usage(teamId: number): Promise<TeamVolumeUsage> {
      const row = await repo.findVolume(teamId);
      if (!row) throw new AppError('USER_NO_TEAM_ERROR');
      return usageOf(row);
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
