import type { Kysely, Transaction } from 'kysely';
import { AppError } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { createTeamRepo } from './team.repo.js';

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

/** Counts inside the caller's transaction: they commit or roll back with the caller's change. */
export interface InTransaction {
  transaction?: Kysely<Database>;
}

/** A job's file record as `endAndCount` ended it: its team, and its file's bytes (null when it ended without one). */
export interface EndedFileRecord {
  teamId: number;
  fileBytes: number | null;
}

/**
 * Every stored byte is counted against its team. Callers reserve before they store anything and
 * release what they free (permanent deletion) or failed to store; the avatar, which belongs to
 * a user and not to a team, is not counted. A count that must commit with a change of the caller's
 * (a record ended or dropped) runs in the caller's transaction (`InTransaction`, `endAndCount`).
 */
export function createQuotaService({ db }: { db: Kysely<Database> }) {
  /** Counts `bytes` against the team, or throws TEAM_VOLUME_EXCEED (nothing counted) when they do not fit. */
  async function reserve(
    teamId: number,
    bytes: number,
    { transaction = db }: InTransaction = {},
  ): Promise<TeamVolumeUsage> {
    assertByteCount(bytes);
    const repo = createTeamRepo(transaction);
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
  }

  return {
    reserve,

    /** Gives back `bytes`; the counter never goes below zero. */
    async release(teamId: number, bytes: number, { transaction = db }: InTransaction = {}): Promise<TeamVolumeUsage> {
      assertByteCount(bytes);
      const row = await createTeamRepo(transaction).releaseVolume(teamId, bytes);
      if (!row) throw new AppError('USER_NO_TEAM_ERROR');
      return usageOf(row);
    },

    async usage(teamId: number): Promise<TeamVolumeUsage> {
      const row = await createTeamRepo(db).findVolume(teamId);
      if (!row) throw new AppError('USER_NO_TEAM_ERROR');
      return usageOf(row);
    },

    /**
     * Ends a job's file record and counts its file against the record's team in one transaction (`end` ends the
     * record inside it), so the bytes are counted exactly when the record ends and never twice by a job run again
     * after a crash. A file that does not fit throws TEAM_VOLUME_EXCEED and the end rolls back. False when `end` found
     * no record to end (deleted, or ended meanwhile).
     */
    endAndCount(end: (trx: Transaction<Database>) => Promise<EndedFileRecord | undefined>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const ended = await end(trx);
        if (!ended) return false;
        if (ended.fileBytes !== null) await reserve(ended.teamId, ended.fileBytes, { transaction: trx });
        return true;
      });
    },
  };
}

export type QuotaService = ReturnType<typeof createQuotaService>;
