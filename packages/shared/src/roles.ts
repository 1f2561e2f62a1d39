/**
 * Roles of SPEC section 6 and the one permission table that builds menus, button keys
 * and the server's checks. A hidden button is never the only guard: routes declare a key from here.
 */
export const ROLE_CODES = [
  'ROLE_TEAM_OWNER',
  'ROLE_TEAM_ADMIN',
  'ROLE_TEAM_INSPECTOR',
  'ROLE_TEAM_VIEWER',
  'ROLE_CORP_MANAGEMENT',
  'ROLE_CORP_SALES',
  'ROLE_CORP_CLERK',
  'ROLE_SCHOOL_TEACHER',
  'ROLE_SCHOOL_STUDENT',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export const TEAM_ROLES = ['ROLE_TEAM_OWNER', 'ROLE_TEAM_ADMIN', 'ROLE_TEAM_INSPECTOR', 'ROLE_TEAM_VIEWER'] as const;
export type TeamRoleCode = (typeof TEAM_ROLES)[number];
/** Roles that exactly one member of a team may hold. */
export const SINGLE_HOLDER_ROLES: readonly RoleCode[] = ['ROLE_TEAM_OWNER', 'ROLE_TEAM_ADMIN'];

export const ROLE_GROUPS = {
  team: TEAM_ROLES,
  corporate: ['ROLE_CORP_MANAGEMENT', 'ROLE_CORP_SALES', 'ROLE_CORP_CLERK'],
  school: ['ROLE_SCHOOL_TEACHER', 'ROLE_SCHOOL_STUDENT'],
} as const satisfies Record<string, readonly RoleCode[]>;

export const PERMISSIONS = [
  'team:view',
  'team:edit',
  'team:member:view',
  'team:member:manage',
  'team:member:role',
  'team:invite',
  'team:handover',
  'team:local-user:manage',
  'team:function:view',
  'project:view',
  'project:create',
  'project:edit',
  'project:delete',
  'project:handover',
  'project:config',
  'project:model:upload',
  'inspection:view',
  'inspection:create',
  'inspection:edit',
  'inspection:delete',
  'image:upload',
  'image:screen',
  'defect:view',
  'defect:edit',
  'defect:review',
  'defect:export',
  'report:view',
  'report:generate',
  'monitor:view',
  'monitor:edit',
  'recycle:view',
  'recycle:manage',
  'notice:view',
  'notice:send',
  'feedback:view',
  'map:view',
  'system:config',
  'license:manage',
  'sales:upgrade',
  'school:teach',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = [
  'team:view',
  'team:member:view',
  'team:function:view',
  'project:view',
  'inspection:view',
  'defect:view',
  'report:view',
  'monitor:view',
  'notice:view',
  'map:view',
];
const INSPECTOR: readonly Permission[] = [
  ...VIEWER,
  'image:upload',
  'image:screen',
  'defect:edit',
  'defect:review',
  'defect:export',
  'report:generate',
];
const ADMIN: readonly Permission[] = [
  ...INSPECTOR,
  'team:edit',
  'team:member:manage',
  'team:member:role',
  'team:invite',
  'team:handover',
  'team:local-user:manage',
  'project:create',
  'project:edit',
  'project:delete',
  'project:handover',
  'project:config',
  'project:model:upload',
  'inspection:create',
  'inspection:edit',
  'inspection:delete',
  'monitor:edit',
  'recycle:view',
  'recycle:manage',
  'notice:send',
];

export const ROLE_PERMISSIONS: Record<RoleCode, readonly Permission[]> = {
  ROLE_TEAM_OWNER: [...ADMIN, 'system:config', 'license:manage', 'feedback:view'],
  ROLE_TEAM_ADMIN: ADMIN,
  ROLE_TEAM_INSPECTOR: INSPECTOR,
  ROLE_TEAM_VIEWER: VIEWER,
  // The operator's management also reads what users send through Feedback and marks it handled.
  ROLE_CORP_MANAGEMENT: [...ADMIN, 'system:config', 'license:manage', 'sales:upgrade', 'feedback:view'],
  ROLE_CORP_SALES: ['team:view', 'team:member:view', 'team:function:view', 'notice:view', 'sales:upgrade'],
  ROLE_CORP_CLERK: [...VIEWER, 'recycle:view'],
  ROLE_SCHOOL_TEACHER: [...ADMIN, 'school:teach'],
  ROLE_SCHOOL_STUDENT: INSPECTOR,
};

export type Deployment = 'hosted' | 'local';

/**
 * The whole deployment's settings (company name, logo) and its users' feedback. On a local deployment the
 * team owner runs the installation; on the hosted service every registered user owns a team, so only the
 * operator's corporate management has them.
 */
const DEPLOYMENT_PERMISSIONS: readonly Permission[] = ['system:config', 'feedback:view'];

export function permissionsFor(role: RoleCode, deployment: Deployment): readonly Permission[] {
  const granted = ROLE_PERMISSIONS[role];
  if (deployment === 'local' || role === 'ROLE_CORP_MANAGEMENT') return granted;
  return granted.filter((permission) => !DEPLOYMENT_PERMISSIONS.includes(permission));
}

export function hasPermission(role: RoleCode, permission: Permission, deployment: Deployment = 'hosted'): boolean {
  return permissionsFor(role, deployment).includes(permission);
}

/**
 * Which roles a role may hand out or take away. Owners and administrators manage the roles below
 * them; nobody assigns the owner role (a transfer goes through support, SPEC section 6).
 */
export const ASSIGNABLE_ROLES: Partial<Record<RoleCode, readonly RoleCode[]>> = {
  ROLE_TEAM_OWNER: ['ROLE_TEAM_ADMIN', 'ROLE_TEAM_INSPECTOR', 'ROLE_TEAM_VIEWER'],
  ROLE_TEAM_ADMIN: ['ROLE_TEAM_INSPECTOR', 'ROLE_TEAM_VIEWER'],
  ROLE_CORP_MANAGEMENT: ['ROLE_CORP_SALES', 'ROLE_CORP_CLERK'],
  ROLE_SCHOOL_TEACHER: ['ROLE_SCHOOL_STUDENT'],
};
