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
