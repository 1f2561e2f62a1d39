import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { booleanQueryField, optionalText, requiredText } from './fields.js';

export const FEEDBACK_TYPES = ['suggestion', 'bug'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
const feedbackTypeField = z.enum(FEEDBACK_TYPES, { error: 'invalidValue' });

/** Feedback cannot be empty (SPEC section 5): blank after trimming counts as empty. */
export const feedbackBodySchema = z.object({
  type: feedbackTypeField,
  content: requiredText(LIMITS.feedbackContentMax),
  contact: optionalText(),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

/** A feedback as the inbox of the people who run the service shows it. */
export const feedbackItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(FEEDBACK_TYPES),
  content: z.string(),
  /** What the sender left to be answered on, if anything. */
  contact: z.string().nullable(),
  sender: z.object({
    userId: z.number().int(),
    name: z.string(),
    account: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  /** The team the sender was working in when sending; null without one, or once it is gone. */
  team: z.object({ teamId: z.number().int(), name: z.string() }).nullable(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  /** Who marked it handled; null while unhandled, or once that account is gone. */
  handledBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
export const feedbackPageSchema = pageOf(feedbackItemSchema);

export const feedbackPageQuerySchema = pageQuerySchema.extend({
  type: feedbackTypeField.optional(),
  handled: booleanQueryField.optional(),
});

export const feedbackHandledBodySchema = z.object({ handled: z.boolean({ error: 'required' }) });
export type FeedbackHandledBody = z.input<typeof feedbackHandledBodySchema>;
