import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { idField } from './fields.js';

/** An item in the recycle bin: one deleted thing (a project, an inspection...) with all it contained. */
export const recycleItemSchema = z.object({
  id: z.number().int(),
  /** What was deleted ('project', 'inspection', ...); the web shows `recycle.kind.<kind>`. */
  kind: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  deletedBy: z.object({ userId: z.number().int(), name: z.string() }),
  deletedAt: z.string(),
});
export type RecycleItem = z.infer<typeof recycleItemSchema>;
export const recyclePageSchema = pageOf(recycleItemSchema);

export const recycleListQuerySchema = pageQuerySchema.extend({
  kind: z.string().trim().max(32, { error: 'tooLong' }).optional(),
  keyword: z.string().trim().max(LIMITS.generalInputMax, { error: 'tooLong' }).optional(),
});
export type RecycleListQuery = z.input<typeof recycleListQuerySchema>;

const itemIds = z
  .array(idField, { error: 'required' })
  .min(1, { error: 'required' })
  .max(1000, { error: 'invalidValue' });

/** The login password that permanent deletion asks for (SPEC section 4). */
const loginPassword = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(LIMITS.password.max, { error: 'tooLong' });

export const recycleRestoreBodySchema = z.object({ ids: itemIds });
export const recycleDeleteBodySchema = z.object({ ids: itemIds, password: loginPassword });
export const recycleCleanBodySchema = z.object({ password: loginPassword });
export type RecycleDeleteBody = z.input<typeof recycleDeleteBodySchema>;

export const recycleRestoreResultSchema = z.object({ count: z.number().int() });
export const recyclePurgeResultSchema = z.object({ count: z.number().int(), freedBytes: z.number() });
export const recycleTotalSizeSchema = z.object({ totalBytes: z.number(), count: z.number().int() });
