import type { Query } from '@tanstack/react-query';

/**
 * Every query key of the web, by domain. Data that two pages show is cached once, under one key here, so a
 * change made on one page refreshes it on every page; a mutation invalidates the keys of what it changes.
 * The first element of a key is its root: roots decide what survives a team switch and a sign-out.
 */

export const userKeys = {
  all: ['user'] as const,
  details: () => [...userKeys.all, 'details'] as const,
};

/** The teams the signed-in user belongs to. */
export const teamsKeys = {
  all: ['teams'] as const,
};

/** Data of the current team. */
export const teamKeys = {
  all: ['team'] as const,
  details: () => [...teamKeys.all, 'details'] as const,
  functions: () => [...teamKeys.all, 'functions'] as const,
  businessEntries: () => [...teamKeys.all, 'business-entries'] as const,
  members: (query: object) => [...teamKeys.all, 'members', query] as const,
  allMembers: () => [...teamKeys.all, 'all-members'] as const,
  roleCounts: () => [...teamKeys.all, 'role-counts'] as const,
  jurisdiction: () => [...teamKeys.all, 'jurisdiction'] as const,
  memberProjects: (userId: number) => [...teamKeys.all, 'member-projects', userId] as const,
  projects: () => [...teamKeys.all, 'projects'] as const,
  projectTypes: () => [...teamKeys.all, 'project-types'] as const,
  localUsers: (query: object) => [...teamKeys.all, 'local-users', query] as const,
  invitationLink: () => [...teamKeys.all, 'invitation-link'] as const,
};

/** Projects, their groups and their 3D model (SPEC section 7, "Projects"). */
export const projectKeys = {
  all: ['project'] as const,
  pages: () => [...projectKeys.all, 'page'] as const,
  page: (body: object) => [...projectKeys.pages(), body] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
  groups: () => [...projectKeys.all, 'groups'] as const,
  model: (id: number) => [...projectKeys.all, 'model', id] as const,
  /** Whether the model's position differs from the one recorded at upload. */
  modelChanged: (id: number) => [...projectKeys.model(id), 'changed'] as const,
  uploader: (id: number) => [...projectKeys.all, 'uploader', id] as const,
};

/** A project's configuration: defect fields and types, the damage filter, custom data. */
export const projectConfigKeys = {
  all: (projectId: number) => ['project-config', projectId] as const,
  fields: (projectId: number) => [...projectConfigKeys.all(projectId), 'fields'] as const,
  types: (projectId: number) => [...projectConfigKeys.all(projectId), 'types'] as const,
  typePage: (projectId: number, query: object) => [...projectConfigKeys.types(projectId), query] as const,
  filter: (projectId: number) => [...projectConfigKeys.all(projectId), 'filter'] as const,
  customs: (projectId: number) => [...projectConfigKeys.all(projectId), 'customs'] as const,
};

/** Inspections of a project, their image groups, and the team's camera parameters (SPEC section 7, "Inspections and images"). */
export const inspectionKeys = {
  all: ['inspection'] as const,
  pages: (projectId: number) => [...inspectionKeys.all, 'page', projectId] as const,
  page: (projectId: number, query: object) => [...inspectionKeys.pages(projectId), query] as const,
  info: (id: number) => [...inspectionKeys.all, 'info', id] as const,
  groupTree: (id: number) => [...inspectionKeys.all, 'group-tree', id] as const,
  previousCandidates: (projectId: number, id: number | null) =>
    [...inspectionKeys.all, 'previous', projectId, id] as const,
  cameras: () => [...inspectionKeys.all, 'cameras'] as const,
};

/** A project's spatial markers and the photos of its inspections bound to them (SPEC section 7, "Spatial markers"). */
export const spatialMarkerKeys = {
  all: (projectId: number) => ['spatial-marker', projectId] as const,
  tree: (projectId: number) => [...spatialMarkerKeys.all(projectId), 'tree'] as const,
  /** Everything that depends on which photos are bound: counts, lists, per-marker pages and histories. */
  bindings: (projectId: number) => [...spatialMarkerKeys.all(projectId), 'bindings'] as const,
  binding: (projectId: number, what: string, ...args: readonly (number | object)[]) =>
    [...spatialMarkerKeys.bindings(projectId), what, ...args] as const,
};

/** Notices belong to the signed-in user, not to a team. */
export const noticeKeys = {
  all: ['notice'] as const,
  typeStatus: () => [...noticeKeys.all, 'type-status'] as const,
  tipCard: () => [...noticeKeys.all, 'tip-card'] as const,
  page: (query: object) => [...noticeKeys.all, 'page', query] as const,
  detail: (id: number) => [...noticeKeys.all, 'detail', id] as const,
};

export const recycleKeys = {
  all: ['recycle-bin'] as const,
  page: (query: object) => [...recycleKeys.all, 'page', query] as const,
  total: () => [...recycleKeys.all, 'total'] as const,
};

export const feedbackKeys = {
  all: ['feedback'] as const,
  page: (query: object) => [...feedbackKeys.all, 'page', query] as const,
};

/** Every team, for sales managers. */
export const teamAdminKeys = {
  all: ['team-admin'] as const,
  teams: (query: object) => [...teamAdminKeys.all, 'teams', query] as const,
};

export const inviteKeys = {
  analysis: (sid: string) => ['invite', 'analysis', sid] as const,
};

/** The image code of one form's SMS send (`scope` keeps forms apart). */
export const captchaKeys = {
  captcha: (scope: string) => ['auth', 'captcha', scope] as const,
};

export const licenseKeys = { info: ['license', 'info'] as const };

export const systemConfigKeys = { config: ['system-config'] as const };

/** Signed links to folders of stored files (`<img>` and CesiumJS fetch files with them); a sign-out drops them. */
export const fileLinkKeys = {
  folder: (folder: string) => ['file-link', folder] as const,
};

/** Roots of data that belong to nobody: the sign-in pages', the licence pages', the branding. A sign-out keeps them. */
const ANONYMOUS_ROOTS: readonly string[] = [
  captchaKeys.captcha('')[0],
  licenseKeys.info[0],
  systemConfigKeys.config[0],
];
/** Roots of the signed-in account itself rather than of its current team. */
const ACCOUNT_ROOTS: readonly string[] = [userKeys.all[0], teamsKeys.all[0]];

const rootOf = (query: Query): string => String(query.queryKey[0]);

/** Queries of the signed-in user: a sign-out removes them. */
export const isUserQuery = (query: Query): boolean => !ANONYMOUS_ROOTS.includes(rootOf(query));

/**
 * Queries of the current team: a team switch refreshes them, and so does a change that may touch any of them
 * (restoring from the recycle bin, upgrading a team).
 */
export const isTeamQuery = (query: Query): boolean => isUserQuery(query) && !ACCOUNT_ROOTS.includes(rootOf(query));
