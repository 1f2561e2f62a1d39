import { z } from 'zod';
import { LIMITS } from './limits.js';

/** Response codes of SPEC section 8; the web's global handler switches on them. */
export const ResultCode = {
  SUCCESS: 2000,
  WARNING: 2003,
  BAD_REQUEST: 4000,
  NO_AUTH: 4001,
  LOGIN_FAILURE: 4003,
  SERVICE_ERROR: 5000,
  LICENSE_REQUIRED: 5012,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Wraps a data schema in the `{code, msg, data}` envelope, for route response declarations. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** A field issue sent in `data` of a 4000 validation answer. */
export const fieldIssueSchema = z.object({
  path: z.string(),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const pageQuerySchema = z.object({
  // The row offset, (pageNum - 1) × pageSize, must stay a bigint the database accepts.
  pageNum: z.coerce.number().int().min(1).max(LIMITS.integerMax).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
