import fs from 'node:fs';
import path from 'node:path';
import {
  AppError,
  type LicenceDocument,
  type LicenceInfo,
  type LicenceStatus,
  type TeamFunctionCode,
} from '@sightline/shared';
import { publicKeyFrom, readLicenceFile } from './licence-file.js';
import type { LicenceRepo } from './licence.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Another process (a second API server) may activate a licence: the gate reads it again this often. */
const CACHE_MS = 30_000;

export interface LicenceServiceDeps {
  repo: LicenceRepo;
  /** PEM of the Ed25519 key that verifies licences (the vendor's built-in key in production). */
  publicKey: string;
  machineCode: string;
  /** Where the active licence file is kept, beside the data (DATA_DIR). */
  licenceFilePath: string;
}

interface ActiveLicence {
  issuedTo: string;
  issuedAt: Date;
  expiresAt: Date;
  functions: LicenceDocument['functions'];
}

function statusOf(licence: ActiveLicence | null, now: number): LicenceStatus {
  if (!licence) return 'unauthorized';
  return licence.expiresAt.getTime() > now ? 'authorized' : 'expired';
}

/** Writes beside and renames, so a crash never leaves half a licence file. */
async function writeLicenceFile(filePath: string, text: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(filePath), { recursive: true });
  const temporary = `${filePath}.${process.pid}.part`;
  await fs.promises.writeFile(temporary, `${text}\n`, { mode: 0o600 });
  await fs.promises.rename(temporary, filePath);
}

export function createLicenceService({ repo, publicKey, machineCode, licenceFilePath }: LicenceServiceDeps) {
  const verifyingKey = publicKeyFrom(publicKey);
  let cached: { licence: ActiveLicence | null; loadedAt: number } | null = null;

  async function activeLicence(): Promise<ActiveLicence | null> {
    if (cached && Date.now() - cached.loadedAt < CACHE_MS) return cached.licence;
    const row = await repo.findActiveLicence();
    // A licence signed for another machine (a database copied elsewhere) licenses nothing here.
    const licence =
      row && row.machine_code === machineCode
        ? { issuedTo: row.issued_to, issuedAt: row.issued_at, expiresAt: row.expires_at, functions: row.functions }
        : null;
    cached = { licence, loadedAt: Date.now() };
    return licence;
  }

  /** Each function runs its own days from the issue date, never past the licence itself. */
  function functionEndsOf(licence: ActiveLicence): Map<TeamFunctionCode, Date> {
    const licenceEnd = licence.expiresAt.getTime();
    return new Map(
      licence.functions.map((entry) => [
        entry.code,
        new Date(Math.min(licence.issuedAt.getTime() + entry.validityDays * DAY_MS, licenceEnd)),
      ]),
    );
  }

  async function info(): Promise<LicenceInfo> {
    const licence = await activeLicence();
    const now = Date.now();
    const status = statusOf(licence, now);
    if (!licence) {
      return { status, machineCode, issuedTo: null, issuedAt: null, expiresAt: null, functions: [] };
    }
    const ends = functionEndsOf(licence);
    return {
      status,
      machineCode,
      issuedTo: licence.issuedTo,
      issuedAt: licence.issuedAt.toISOString(),
      expiresAt: licence.expiresAt.toISOString(),
      functions: licence.functions.map((entry) => {
        const expiresAt = ends.get(entry.code) ?? licence.expiresAt;
        return {
          code: entry.code,
          validityDays: entry.validityDays,
          expiresAt: expiresAt.toISOString(),
          active: expiresAt.getTime() > now,
        };
      }),
    };
  }

  return {
    info,

    /** Bounds the teams' function packages (team-function's FunctionLicence). */
    async functionEnds(): Promise<ReadonlyMap<TeamFunctionCode, Date>> {
      const licence = await activeLicence();
      return licence ? functionEndsOf(licence) : new Map();
    },

    /** Verifies a licence file and makes it the active licence of this deployment. */
    async activate(text: string): Promise<LicenceInfo> {
      const licence = readLicenceFile(text, verifyingKey);
      if (licence.machineCode !== machineCode) throw new AppError('LICENSE_INFO_EXCEPTION');
      if (new Date(licence.expiresAt).getTime() <= Date.now()) throw new AppError('LICENSE_EXPIRED');
      // Activation needs no sign-in (nobody can sign in before the first licence), so while a licence is in force
      // only one that runs at least as long may replace it: nobody can cut the deployment short with an old file.
      const inForce = await activeLicence();
      if (
        inForce &&
        statusOf(inForce, Date.now()) === 'authorized' &&
        new Date(licence.expiresAt) < inForce.expiresAt
      ) {
        throw new AppError('LICENSE_NOT_NEWER');
      }
      const normalized = text.replace(/\s+/g, '');
      await repo.insertLicence(licence, normalized);
      await writeLicenceFile(licenceFilePath, normalized);
      cached = null;
      return info();
    },

    /** The gate of local mode: LICENSE_REQUIRED without a licence, LICENSE_EXPIRED after it ends (both 5012). */
    async assertLicensed(): Promise<void> {
      const status = statusOf(await activeLicence(), Date.now());
      if (status === 'unauthorized') throw new AppError('LICENSE_REQUIRED');
      if (status === 'expired') throw new AppError('LICENSE_EXPIRED');
    },
  };
}

export type LicenceService = ReturnType<typeof createLicenceService>;
