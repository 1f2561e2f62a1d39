import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { ASSIGNABLE_ROLES, ROLE_CODES, ROLE_GROUPS, TEAM_ROLES, type RoleCode } from '../roles.js';
import { idField, idParam, optionalText, requiredText } from './fields.js';

/** A missing value reads 'required', a value outside the list 'invalidValue'. */
const choiceError = (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : 'invalidValue');
const roleField = z.enum(ROLE_CODES, { error: choiceError });
const dateTimeField = z.iso.datetime({ offset: true, error: 'invalidValue' });

// Team kinds: ordinary teams, corporate accounts and school accounts (SPEC sections 1 and 6).

export const TEAM_KINDS = ['team', 'corporate', 'school'] as const;
export type TeamKind = (typeof TEAM_KINDS)[number];

/** The roles a team of each kind may hand out: the team roles plus the kind's own group. */
export const TEAM_KIND_ROLES: Record<TeamKind, readonly RoleCode[]> = {
  team: TEAM_ROLES,
  corporate: [...TEAM_ROLES, ...ROLE_GROUPS.corporate],
  school: [...TEAM_ROLES, ...ROLE_GROUPS.school],
};

/**
 * The roles a member with `callerRole` may give or take away in a team of `kind`: ASSIGNABLE_ROLES
 * narrowed to the kind's roles. In a school the owner also appoints teachers and students, since
 * no other role may create the first teacher; corporate roles stay with corporate management,
 * because they carry the upgrade permission.
 */
export function assignableRoles(callerRole: RoleCode, kind: TeamKind): RoleCode[] {
  const granted = [...(ASSIGNABLE_ROLES[callerRole] ?? [])];
  if (kind === 'school' && callerRole === 'ROLE_TEAM_OWNER') granted.push(...ROLE_GROUPS.school);
  return granted.filter((role) => TEAM_KIND_ROLES[kind].includes(role));
}

export const MEMBER_TYPES = ['full', 'temporary'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

// Function packages (SPEC section 3, "Membership feature").

export const TEAM_FUNCTION_CODES = [
  'base',
  'ai_screening',
  'image_download',
  'high_precision',
  'historical_defect',
  'inspection',
  'monitoring',
  'inspection_comparison',
  'total_station',
] as const;
export type TeamFunctionCode = (typeof TEAM_FUNCTION_CODES)[number];

export const TEAM_FUNCTION_STATES = ['not_activated', 'active', 'expired'] as const;
export type TeamFunctionState = (typeof TEAM_FUNCTION_STATES)[number];

/** What a new team gets, at registration and in the demo seed. */
export const DEFAULT_TEAM_FUNCTIONS = {
  codes: ['base', 'inspection'] as const satisfies readonly TeamFunctionCode[],
  validityDays: 365,
};
/** The longest single grant a sales manager can give a function package. */
export const TEAM_FUNCTION_VALIDITY_MAX_DAYS = 3650;

export const teamFunctionSchema = z.object({
  code: z.enum(TEAM_FUNCTION_CODES),
  /** i18n keys: `teamFunction.name.<code>` and `teamFunction.description.<code>`. */
  nameKey: z.string(),
  descriptionKey: z.string(),
  status: z.enum(TEAM_FUNCTION_STATES),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Days of the latest grant; null when never activated. */
  validityDays: z.number().int().nullable(),
});
export type TeamFunction = z.infer<typeof teamFunctionSchema>;

// Business selection entries (SPEC section 1), each enabled by one function package.

export const BUSINESS_ENTRIES = [
  { code: 'droneInspection', functionCode: 'inspection' },
  { code: 'droneMonitoring', functionCode: 'monitoring' },
  { code: 'totalStationMonitoring', functionCode: 'total_station' },
  { code: 'droneWarehouseInspection', functionCode: 'inspection' },
  { code: 'supportInspection', functionCode: 'inspection' },
  { code: 'manualInspection', functionCode: 'inspection' },
  { code: 'projectMaterialLibrary', functionCode: 'base' },
] as const satisfies ReadonlyArray<{ code: string; functionCode: TeamFunctionCode }>;
export type BusinessCode = (typeof BUSINESS_ENTRIES)[number]['code'];

export const businessListQuerySchema = z.object({ projectId: idParam.optional() });
export const businessEntrySchema = z.object({
  code: z.enum(BUSINESS_ENTRIES.map((entry) => entry.code) as [BusinessCode, ...BusinessCode[]]),
  /** i18n key `business.<code>`. */
  nameKey: z.string(),
  /** The function package the entry needs; the web explains a disabled entry with its name. */
  functionCode: z.enum(TEAM_FUNCTION_CODES),
  enabled: z.boolean(),
});
export type BusinessEntry = z.infer<typeof businessEntrySchema>;

// The team (/team-client).

export const teamDetailsSchema = z.object({
  teamId: z.number().int(),
  name: z.string(),
  kind: z.enum(TEAM_KINDS),
  memberCount: z.number().int(),
  memberMax: z.number().int(),
  owner: z.object({ userId: z.number().int(), name: z.string() }),
  /** Storage used, in GB with two decimals. */
  teamVolumeSize: z.number(),
  /** Storage maximum, in GB. */
  teamVolumeMax: z.number(),
  /** Storage left, in GB with two decimals. */
  remaining: z.number(),
  /** True from 90 % used: the web warns before uploads start failing. */
  almostFull: z.boolean(),
  createdAt: z.string(),
});
export type TeamDetails = z.infer<typeof teamDetailsSchema>;

export const teamRenameBodySchema = z.object({ name: requiredText(LIMITS.generalInputMax) });
export type TeamRenameBody = z.input<typeof teamRenameBodySchema>;

export const myTeamSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  roleId: z.enum(ROLE_CODES),
  memberType: z.enum(MEMBER_TYPES),
  expiresAt: z.string().nullable(),
  current: z.boolean(),
});
export type MyTeam = z.infer<typeof myTeamSchema>;

// Members.

export const teamMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  account: z.string().nullable(),
  phone: z.string().nullable(),
  headImgUrl: z.string().nullable(),
  roleId: z.enum(ROLE_CODES),
  memberType: z.enum(MEMBER_TYPES),
  expiresAt: z.string().nullable(),
  /** A temporary member whose expiry has passed: listed, but without access. */
  expired: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const memberPageQuerySchema = pageQuerySchema.extend({
  keyword: optionalText(),
  memberType: z.enum(MEMBER_TYPES, { error: 'invalidValue' }).optional(),
});
export type MemberPageQuery = z.input<typeof memberPageQuerySchema>;
export const memberPageSchema = pageOf(teamMemberSchema);

export const MEMBER_HEADS_MAX = 50;
export const memberHeadsQuerySchema = z.object({
  count: z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1)
    .max(MEMBER_HEADS_MAX)
    .default(5),
});
export const memberHeadsSchema = z.object({
  total: z.number().int(),
  heads: z.array(z.object({ userId: z.number().int(), name: z.string(), headImgUrl: z.string().nullable() })),
});
export type MemberHeads = z.infer<typeof memberHeadsSchema>;

/**
 * A role change. `memberType` absent keeps the member's type; a temporary member needs an expiry
 * in the future (with `memberType` absent, a new `expiresAt` moves a temporary member's expiry).
 */
export const memberRoleBodySchema = z
  .object({
    userId: idField,
    roleId: roleField,
    memberType: z.enum(MEMBER_TYPES, { error: 'invalidValue' }).optional(),
    expiresAt: dateTimeField.nullable().optional(),
  })
  .superRefine((body, context) => {
    if (body.memberType === 'temporary' && !body.expiresAt) {
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'required' });
    } else if (body.expiresAt && Date.parse(body.expiresAt) <= Date.now()) {
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'futureDate' });
    }
  });
export type MemberRoleBody = z.input<typeof memberRoleBodySchema>;

export const memberTargetBodySchema = z.object({ userId: idField });
export type MemberTargetBody = z.input<typeof memberTargetBodySchema>;

// Invitation links.

export const INVITATION_PASSWORD_MODES = ['random', 'custom'] as const;
export const INVITATION_SCOPES = ['team', 'projects'] as const;
export type InvitationScope = (typeof INVITATION_SCOPES)[number];
/** Any whole number of days from 1 to this; the web offers 1, 7 and 30 as shortcuts. */
export const INVITATION_VALIDITY_MAX_DAYS = 365;
export const INVITATION_PASSWORD_PATTERN = /^[A-Za-z0-9]{4,20}$/;
export const INVITATION_RANDOM_PASSWORD_LENGTH = 6;
export const INVITATION_PROJECTS_MAX = 500;

export const invitationLinkBodySchema = z
  .object({
    passwordMode: z.enum(INVITATION_PASSWORD_MODES, { error: choiceError }),
    /** Custom mode only; random mode ignores it and draws one. */
    password: z.string().trim().optional(),
    validityDays: z.number({ error: choiceError }).int({ error: 'invalidValue' }).min(1, { error: 'invalidValue' }),
    roleId: roleField,
    scope: z.enum(INVITATION_SCOPES, { error: 'invalidValue' }).default('team'),
    projectIds: z
      .array(idField, { error: 'invalidValue' })
      .max(INVITATION_PROJECTS_MAX, { error: 'invalidValue' })
      .optional(),
  })
  .superRefine((body, context) => {
    if (body.passwordMode === 'custom' && !INVITATION_PASSWORD_PATTERN.test(body.password ?? '')) {
      context.addIssue({
        code: 'custom',
        path: ['password'],
        message: body.password ? 'invitePasswordFormat' : 'required',
      });
    }
    if (body.scope === 'projects' && !body.projectIds?.length) {
      context.addIssue({ code: 'custom', path: ['projectIds'], message: 'required' });
    }
  });
export type InvitationLinkBody = z.input<typeof invitationLinkBodySchema>;

export const invitationLinkSchema = z.object({
  sid: z.string(),
  /** The web path of the invite page; the web prefixes its own origin. */
  url: z.string(),
  password: z.string(),
  passwordMode: z.enum(INVITATION_PASSWORD_MODES),
  roleId: z.enum(ROLE_CODES),
  scope: z.enum(INVITATION_SCOPES),
  projectIds: z.array(z.number().int()),
  expiresAt: z.string(),
  createdAt: z.string(),
  inviter: z.object({ userId: z.number().int(), name: z.string() }),
});
export type InvitationLink = z.infer<typeof invitationLinkSchema>;

const sidField = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(128, { error: 'invalidValue' });
export const linkAnalysisQuerySchema = z.object({ sid: sidField });
export const linkAnalysisSchema = z.object({
  teamName: z.string(),
  inviter: z.object({ userId: z.number().int(), name: z.string(), headImgUrl: z.string().nullable() }),
  roleId: z.enum(ROLE_CODES),
  scope: z.enum(INVITATION_SCOPES),
  expiresAt: z.string(),
  /** Whether joining can succeed now: false while the team is full. */
  valid: z.boolean(),
  /** Whether the signed-in caller already belongs to the team (false for an anonymous visitor). */
  joined: z.boolean(),
});
export type LinkAnalysis = z.infer<typeof linkAnalysisSchema>;

export const joinQuerySchema = z.object({
  sid: sidField,
  password: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(64, { error: 'tooLong' }),
});
export const joinResultSchema = z.object({
  teamId: z.number().int(),
  teamName: z.string(),
  roleId: z.enum(ROLE_CODES),
});
export type JoinResult = z.infer<typeof joinResultSchema>;

// Upgrades by a sales manager (/team-admin).

export const TEAM_MEMBER_MAX_LIMIT = 10_000;
export const TEAM_VOLUME_MAX_GB_LIMIT = 1_000_000;

export const adminTeamPageQuerySchema = pageQuerySchema.extend({ keyword: optionalText() });
export type AdminTeamPageQuery = z.input<typeof adminTeamPageQuerySchema>;

export const adminTeamSchema = z.object({
  teamId: z.number().int(),
  name: z.string(),
  kind: z.enum(TEAM_KINDS),
  owner: z.object({ userId: z.number().int(), name: z.string(), phone: z.string().nullable() }),
  memberCount: z.number().int(),
  memberMax: z.number().int(),
  teamVolumeSize: z.number(),
  teamVolumeMax: z.number(),
  functions: z.array(
    z.object({
      code: z.enum(TEAM_FUNCTION_CODES),
      status: z.enum(TEAM_FUNCTION_STATES),
      expiresAt: z.string().nullable(),
    }),
  ),
  upgradedBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  upgradedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const adminTeamPageSchema = pageOf(adminTeamSchema);

export const adminTeamParamsSchema = z.object({ id: idParam });
export const adminTeamUpgradeBodySchema = z.object({
  memberMax: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(TEAM_MEMBER_MAX_LIMIT, { error: 'invalidValue' })
    .optional(),
  volumeMaxGb: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(TEAM_VOLUME_MAX_GB_LIMIT, { error: 'invalidValue' })
    .optional(),
  kind: z.enum(TEAM_KINDS, { error: 'invalidValue' }).optional(),
  /** Each grant runs from the package's current expiry when it is still active, else from now. */
  functions: z
    .array(
      z.object({
        code: z.enum(TEAM_FUNCTION_CODES, { error: choiceError }),
        validityDays: z
          .number({ error: choiceError })
          .int({ error: 'invalidValue' })
          .min(1, { error: 'invalidValue' })
          .max(TEAM_FUNCTION_VALIDITY_MAX_DAYS, { error: 'invalidValue' }),
      }),
    )
    .max(TEAM_FUNCTION_CODES.length, { error: 'invalidValue' })
    .optional(),
});
export type AdminTeamUpgradeBody = z.input<typeof adminTeamUpgradeBodySchema>;
