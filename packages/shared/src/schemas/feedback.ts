import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { optionalText, requiredText } from './fields.js';

export const FEEDBACK_TYPES = ['suggestion', 'bug'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Feedback cannot be empty (SPEC section 5): blank after trimming counts as empty. */
export const feedbackBodySchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { error: 'invalidValue' }),
  content: requiredText(LIMITS.feedbackContentMax),
  contact: optionalText(),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;
