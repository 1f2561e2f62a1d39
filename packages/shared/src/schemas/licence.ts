import { z } from 'zod';
import { TEAM_FUNCTION_CODES } from './team.js';

export const LICENCE_STATUSES = ['unauthorized', 'authorized', 'expired'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** A licensed function package with its own validity, counted in days from the licence's issue date. */
export const licenceFunctionSchema = z.object({
  code: z.enum(TEAM_FUNCTION_CODES),
  validityDays: z.number().int(),
  expiresAt: z.string(),
  active: z.boolean(),
});

export const licenceInfoSchema = z.object({
  status: z.enum(LICENCE_STATUSES),
  /** The code the vendor signs a licence for: XXXX-XXXX-XXXX-XXXX. */
  machineCode: z.string(),
  issuedTo: z.string().nullable(),
  issuedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  functions: z.array(licenceFunctionSchema),
});
export type LicenceInfo = z.infer<typeof licenceInfoSchema>;

/** The licence file's text, when it is not sent as a multipart `file`. */
export const licenceActivateBodySchema = z
  .object({ licence: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(65_536) })
  .nullish();

/** The code a deployment shows and a licence is signed for. */
export const MACHINE_CODE_PATTERN = /^[0-9A-F]{4}(?:-[0-9A-F]{4}){3}$/;
export const LICENCE_FUNCTION_VALIDITY_MAX_DAYS = 36_500;

/** What the vendor signs (tools/licence/sign-licence.ts) and the server accepts: one rule for both. */
export const licenceDocumentSchema = z.object({
  machineCode: z.string().regex(MACHINE_CODE_PATTERN),
  issuedTo: z.string().trim().min(1).max(255),
  issuedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  functions: z
    .array(
      z.object({
        code: z.enum(TEAM_FUNCTION_CODES),
        validityDays: z.number().int().min(1).max(LICENCE_FUNCTION_VALIDITY_MAX_DAYS),
      }),
    )
    .max(100),
});
export type LicenceDocument = z.infer<typeof licenceDocumentSchema>;
