import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { LicenceDocument } from '@sightline/shared';

export function createLicenceRepo(db: Kysely<Database>) {
  return {
    insertLicence(licence: LicenceDocument, text: string) {
      return db
        .insertInto('licences')
        .values({
          machine_code: licence.machineCode,
          issued_to: licence.issuedTo,
          issued_at: licence.issuedAt,
          expires_at: licence.expiresAt,
          functions: JSON.stringify(licence.functions),
          licence_text: text,
        })
        .execute();
    },

    /** The active licence is the one activated last. */
    findActiveLicence() {
      return db
        .selectFrom('licences')
        .select(['machine_code', 'issued_to', 'issued_at', 'expires_at', 'functions'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type LicenceRepo = ReturnType<typeof createLicenceRepo>;
