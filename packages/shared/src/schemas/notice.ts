import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { booleanQueryField, idField, requiredText } from './fields.js';

export const NOTICE_TYPES = ['system', 'team', 'project', 'inspection', 'ai', 'report'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const noticeTypeField = z.enum(NOTICE_TYPES, { error: 'invalidValue' });

/** Values a notice text interpolates, like `{num}` in SPEC section 9. */
export const noticeParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type NoticeParams = z.infer<typeof noticeParamsSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTICE_TYPES),
  title: z.string(),
  content: z.string(),
  params: noticeParamsSchema.nullable(),
  teamId: z.number().int().nullable(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
export const noticePageSchema = pageOf(noticeSchema);

export const noticePageQuerySchema = pageQuerySchema.extend({
  type: noticeTypeField.optional(),
  read: booleanQueryField.optional(),
});
export type NoticePageQuery = z.input<typeof noticePageQuerySchema>;

export const noticeTypeParamsSchema = z.object({ type: noticeTypeField });
export const noticeTypeStatusSchema = z.array(z.object({ type: z.enum(NOTICE_TYPES), unread: z.number().int() }));
export const noticeCountSchema = z.object({ count: z.number().int() });

export const noticeSendBodySchema = z.object({
  title: requiredText(),
  content: requiredText(LIMITS.noticeContentMax),
  type: noticeTypeField,
  /** Members of the sender's team; all members when absent. */
  userIds: z.array(idField).min(1, { error: 'required' }).max(1000, { error: 'invalidValue' }).optional(),
});
export type NoticeSendBody = z.input<typeof noticeSendBodySchema>;

export const productVersionSchema = z.object({
  version: z.string(),
  releasedAt: z.string().optional(),
  notes: z.array(z.string()),
});
