import { LIMITS } from './limits.js';

/** SPEC section 5 patterns, shared by server schemas and web forms. */
export const ACCOUNT_PATTERN = new RegExp(`^[A-Za-z0-9]{${LIMITS.account.min},${LIMITS.account.max}}$`);
export const PASSWORD_PATTERN = new RegExp(`^[A-Za-z0-9]{${LIMITS.password.min},${LIMITS.password.max}}$`);
/** Mainland China mobile numbers, optionally with +86; other countries in E.164 form. */
export const PHONE_PATTERN = /^(?:(?:\+?86)?1[3-9]\d{9}|\+[1-9]\d{7,14})$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizePhone(phone: string): string {
  const trimmed = phone.replace(/[\s-]/g, '');
  return trimmed.replace(/^\+?86(?=1\d{10}$)/, '');
}
