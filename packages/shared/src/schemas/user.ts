import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { ROLE_CODES, type ROLE_GROUPS } from '../roles.js';
import { clientTypeField } from './auth.js';
import {
  accountField,
  emailField,
  idField,
  idParam,
  optionalText,
  passwordField,
  phoneField,
  requiredText,
} from './fields.js';

/** A missing value reads 'required', a value outside the list 'invalidValue'. */
const choiceError = (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : 'invalidValue');
const roleField = z.enum(ROLE_CODES, { error: choiceError });
/** An optional phone or e-mail: absent leaves it unchanged, '' clears it. */
const optionalPhone = phoneField.or(z.literal('')).optional();
const optionalEmail = emailField.or(z.literal('')).optional();

// The signed-in user's own account (/user-client).

export const userDetailsQuerySchema = z.object({ clientType: clientTypeField });

export const passwordCheckResultSchema = z.object({ valid: z.boolean() });

/** Avatar file names the server hands out: `avatar-<random hex>.<jpg|png>`. */
export const AVATAR_NAME_PATTERN = /^avatar-[a-f0-9]{24}\.(?:jpg|png)$/;

export const headPortraitQuerySchema = z.object({
  /** Set to reuse an avatar URL this server returned earlier; otherwise the body is a multipart `file`. */
  headImgUrl: z.string().trim().min(1, { error: 'required' }).max(512, { error: 'tooLong' }).optional(),
});
export const headPortraitResultSchema = z.object({ headImgUrl: z.string() });

export const avatarFileParamsSchema = z.object({
  userId: idParam,
  name: z.string().regex(AVATAR_NAME_PATTERN, { error: 'invalidValue' }),
});

export const teamRoleUserQuerySchema = z.object({ roleCode: roleField });
export const teamRoleUserSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  account: z.string().nullable(),
  phone: z.string().nullable(),
  headImgUrl: z.string().nullable(),
  roleId: z.enum(ROLE_CODES),
});
export type TeamRoleUser = z.infer<typeof teamRoleUserSchema>;

// Local users of a team (/user): accounts a team administrator creates, logging in by account and password.

export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const localUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  roleId: z.enum(ROLE_CODES),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
  lastLoginTime: z.string().nullable(),
});
export type LocalUser = z.infer<typeof localUserSchema>;

export const localUserPageBodySchema = pageQuerySchema.extend({ keyword: optionalText() });
export type LocalUserPageBody = z.input<typeof localUserPageBodySchema>;
export const localUserPageSchema = pageOf(localUserSchema);

export const localUserCreateBodySchema = z
  .object({
    account: accountField,
    password: passwordField,
    confirmPassword: z.string({ error: 'required' }),
    name: requiredText(LIMITS.nameMax),
    roleId: roleField,
    phone: optionalPhone,
    email: optionalEmail,
  })
  .refine((body) => body.confirmPassword === body.password, { error: 'passwordMismatch', path: ['confirmPassword'] });
export type LocalUserCreateBody = z.input<typeof localUserCreateBodySchema>;

const localUserEditFields = z.object({
  /** Blank or absent leaves the password unchanged (SPEC section 5). */
  password: passwordField.or(z.literal('')).optional(),
  confirmPassword: z.string().optional(),
  name: requiredText(LIMITS.nameMax),
  roleId: roleField,
  phone: optionalPhone,
  email: optionalEmail,
  status: z.enum(USER_STATUSES, { error: 'invalidValue' }).optional(),
});
const passwordsMatch = (body: { password?: string | undefined; confirmPassword?: string | undefined }) =>
  !body.password || body.confirmPassword === body.password;

export const localUserEditBodySchema = localUserEditFields.refine(passwordsMatch, {
  error: 'passwordMismatch',
  path: ['confirmPassword'],
});
export type LocalUserEditBody = z.input<typeof localUserEditBodySchema>;

/** POST /user/edit carries the id in the body; PUT /user/{id} in the path. */
export const localUserEditWithIdBodySchema = localUserEditFields
  .extend({ id: idField })
  .refine(passwordsMatch, { error: 'passwordMismatch', path: ['confirmPassword'] });

export const LOCAL_USER_BATCH_MAX = 200;
/** Batch deletion asks for the caller's own login password (SPEC section 6). */
export const localUserBatchDeleteBodySchema = z.object({
  ids: z
    .array(idField, { error: 'required' })
    .min(1, { error: 'required' })
    .max(LOCAL_USER_BATCH_MAX, { error: 'invalidValue' }),
  password: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(LIMITS.password.max, { error: 'tooLong' }),
});
export type LocalUserBatchDeleteBody = z.input<typeof localUserBatchDeleteBodySchema>;

// Roles (/role).

export const ROLE_GROUP_NAMES = ['team', 'corporate', 'school'] as const satisfies ReadonlyArray<
  keyof typeof ROLE_GROUPS
>;
export type RoleGroupName = (typeof ROLE_GROUP_NAMES)[number];

export const roleItemSchema = z.object({
  roleId: z.enum(ROLE_CODES),
  /** An i18n key under `role.` in the catalogues. */
  nameKey: z.string(),
  group: z.enum(ROLE_GROUP_NAMES),
});
export type RoleItem = z.infer<typeof roleItemSchema>;
export const teamRoleCountSchema = roleItemSchema.extend({ memberCount: z.number().int() });
export type TeamRoleCount = z.infer<typeof teamRoleCountSchema>;

// Menus (/role-menu): the response is `routerResponseSchema` of menus.ts.

export const teamIdParamsSchema = z.object({
  teamId: idParam,
});

// Dictionary rows and team limits.

export const DICTIONARY_CATEGORIES = ['register-post', 'register-location'] as const;
export type DictionaryCategory = (typeof DICTIONARY_CATEGORIES)[number];
/** `key` is also the i18n key of its display name: `dictionary.<category>.<key>`. */
export const dictionaryItemSchema = z.object({ key: z.string(), value: z.string(), sort: z.number().int() });
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;

export const LIMIT_TYPES = ['member', 'volume'] as const;
export const limitCheckBodySchema = z.object({
  type: z.enum(LIMIT_TYPES, { error: choiceError }),
  /** Bytes about to be added, for `volume`. */
  size: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(0, { error: 'invalidValue' }).optional(),
});
export type LimitCheckBody = z.input<typeof limitCheckBodySchema>;
/** Members: whether one more fits. Volume: bytes used and the maximum, and whether `size` more fits. */
export const limitCheckResultSchema = z.object({ allowed: z.boolean(), used: z.number(), max: z.number() });
export type LimitCheckResult = z.infer<typeof limitCheckResultSchema>;
