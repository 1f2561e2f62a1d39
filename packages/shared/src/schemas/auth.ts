import { z } from 'zod';
import { CLIENT_TYPES, LANGUAGES, LIMITS } from '../limits.js';
import { ROLE_CODES } from '../roles.js';
import {
  accountField,
  emailField,
  optionalText,
  passwordField,
  phoneField,
  requiredText,
  smsCodeField,
} from './fields.js';

export const clientTypeField = z.enum(CLIENT_TYPES, { error: 'invalidValue' }).default('PC');

export const loginBodySchema = z
  .object({
    account: z.string().trim().min(1, { error: 'required' }).max(64).optional(),
    phone: z.string().trim().min(1, { error: 'required' }).max(20).optional(),
    password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(LIMITS.password.max),
    clientType: clientTypeField,
    /** Set after a LOGIN_REPEATED answer to force the other session offline. */
    force: z.boolean().default(false),
  })
  .refine((body) => body.account !== undefined || body.phone !== undefined, {
    error: 'required',
    path: ['account'],
  });
export type LoginBody = z.input<typeof loginBodySchema>;

/**
 * Why the server ended a session that its user did not log out of. A page still open on it hears the
 * reason in the `forceOffline` event (`{reason}`); a later request on a revoked session gets it in the data
 * of its 4003 answer. The web explains each one (`ui.session.offline.<reason>`).
 */
export const SESSION_END_REASONS = [
  'LOGIN_REPEATED',
  'PASSWORD_CHANGED',
  'USER_ACCOUNT_ABNORMALITY',
  'USER_DELETED',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return (SESSION_END_REASONS as readonly unknown[]).includes(value);
}

export const SMS_SCENES = ['register', 'retrieve', 'phone'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

export const smsQuerySchema = z.object({
  phone: phoneField,
  scene: z.enum(SMS_SCENES, { error: 'invalidValue' }).default('register'),
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});

export const checkCodeQuerySchema = z.object({
  phone: phoneField,
  code: smsCodeField,
  scene: z.enum(SMS_SCENES, { error: 'invalidValue' }).default('register'),
});

export const checkPhoneQuerySchema = z.object({ phone: phoneField });

export const registerBodySchema = z
  .object({
    phone: phoneField,
    smsCode: smsCodeField,
    password: passwordField,
    confirmPassword: z.string().optional(),
    name: requiredText(LIMITS.nameMax),
    organization: requiredText(),
    position: requiredText(),
    agreement: z.literal(true, { error: 'agreementRequired' }),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const retrieveBodySchema = z
  .object({
    phone: phoneField,
    smsCode: smsCodeField,
    password: passwordField,
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type RetrieveBody = z.input<typeof retrieveBodySchema>;

export const captchaSchema = z.object({ captchaId: z.string(), image: z.string() });

export const storageAddressSchema = z.object({ ip: z.string(), port: z.number().int() });

/** The user info of SPEC section 3, returned by login and by the details call. */
export const userInfoSchema = z.object({
  userId: z.number().int(),
  account: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  organization: z.string().nullable(),
  headImgUrl: z.string().nullable(),
  language: z.enum(LANGUAGES),
  roleId: z.enum(ROLE_CODES).nullable(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  projectVersion: z.string(),
  lastLoginTime: z.string().nullable(),
  storage: storageAddressSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResultSchema = userInfoSchema.extend({ token: z.string() });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const profileBodySchema = z.object({
  name: requiredText(LIMITS.nameMax),
  email: emailField.or(z.literal('')).optional(),
  position: optionalText(),
  organization: optionalText(),
  language: z.enum(LANGUAGES, { error: 'invalidValue' }).optional(),
});
export type ProfileBody = z.input<typeof profileBodySchema>;

export const changePhoneBodySchema = z.object({ phone: phoneField, smsCode: smsCodeField });

export const changePasswordBodySchema = z
  .object({
    oldPassword: z.string({ error: 'required' }).min(1, { error: 'required' }),
    password: passwordField,
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const checkPasswordQuerySchema = z.object({
  password: z.string({ error: 'required' }).min(1, { error: 'required' }),
});

/**
 * The query of a file request: `sig`, a signed link, lets elements that cannot send a header (`<img>`, CesiumJS)
 * fetch files. The session token itself never travels in a URL, where logs, histories and referrers keep it.
 */
export const fileQuerySchema = z.object({ sig: z.string().max(1024).optional() });

/** A folder of files under /api (ending in `/`) to sign a link for. */
export const fileLinkQuerySchema = z.object({
  folder: z
    .string({ error: 'required' })
    .max(512, { error: 'invalidValue' })
    .regex(/^\/api\/[A-Za-z0-9._~%/-]*\/$/, { error: 'invalidValue' }),
});

/** A signed link: `query` goes after a file URL in the folder until `expiresAt`. */
export const fileLinkSchema = z.object({ query: z.string(), expiresAt: z.string() });
export type FileLink = z.output<typeof fileLinkSchema>;

export { accountField, passwordField };
