import { z } from 'zod';
import { LIMITS } from '../limits.js';
import {
  ACCOUNT_PATTERN,
  EMAIL_PATTERN,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
  SMS_CODE_PATTERN,
  normalizePhone,
} from '../validation.js';

/**
 * Field builders whose issue messages are validation keys (see i18n `validation`), so the server
 * sends `{path, key, params}` and the web shows the translated text next to the field.
 */
export const requiredText = (max: number = LIMITS.generalInputMax) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const optionalText = (max: number = LIMITS.generalInputMax) =>
  z.string().trim().max(max, { error: 'tooLong' }).optional();

export const accountField = z.string({ error: 'required' }).trim().regex(ACCOUNT_PATTERN, { error: 'accountFormat' });
export const passwordField = z.string({ error: 'required' }).regex(PASSWORD_PATTERN, { error: 'passwordFormat' });
export const phoneField = z
  .string({ error: 'required' })
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_PATTERN, { error: 'phoneInvalid' }));
export const smsCodeField = z.string({ error: 'required' }).trim().regex(SMS_CODE_PATTERN, { error: 'smsCodeFormat' });
export const emailField = z
  .string()
  .trim()
  .max(LIMITS.emailMax, { error: 'tooLong' })
  .regex(EMAIL_PATTERN, { error: 'emailInvalid' });
/** A yes/no filter in a query string, where only the texts `true` and `false` are meaningful. */
export const booleanQueryField = z
  .enum(['true', 'false'], { error: 'invalidValue' })
  .transform((value) => value === 'true');
/** An id in a path or query string (text turned into a number). */
export const idParam = z.coerce
  .number({ error: 'invalidValue' })
  .int({ error: 'invalidValue' })
  .positive({ error: 'invalidValue' })
  .max(LIMITS.integerMax, { error: 'invalidValue' });
/** An id in a JSON body: a missing one reads 'required', anything but a positive integer 'invalidValue'. */
export const idField = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .positive({ error: 'invalidValue' })
  .max(LIMITS.integerMax, { error: 'invalidValue' });
