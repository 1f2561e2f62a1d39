import { AppError, CATALOGUES, LANGUAGES, type Language, type ProjectGroup } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { callerTeamId } from '../../platform/auth/auth-context.js';
import { visibilityOf } from './project-access.js';
import type { ProjectGroupRepo } from './project-group.repo.js';

type GroupListRow = Awaited<ReturnType<ProjectGroupRepo['listGroups']>>[number];

const DEFAULT_GROUP_NAMES = new Set(LANGUAGES.map((language) => CATALOGUES[language].projectGroup.default));

/**
 * The default group is stored under the name of whoever first needed it; until someone renames it, every
 * reader sees it in their own language.
 */
export function groupName(group: { name: string; is_default: boolean }, language: Language): string {
  return group.is_default && DEFAULT_GROUP_NAMES.has(group.name)
    ? CATALOGUES[language].projectGroup.default
    : group.name;
}

function presentGroup(row: GroupListRow, language: Language): ProjectGroup {
  return {
    id: row.id,
    name: groupName(row, language),
    isDefault: row.is_default,
    projectCount: Number(row.project_count ?? 0),
  };
}

/** Project groups of SPEC section 5: a default group per team, unique names, no deleting a group in use. */
export function createProjectGroupService({ repo }: { repo: ProjectGroupRepo }) {
  function ensureDefault(teamId: number, language: Language) {
    return repo.ensureDefault(teamId, CATALOGUES[language].projectGroup.default);
  }

  async function requireGroup(auth: AuthContext, groupId: number) {
    const group = await repo.findGroup(groupId, callerTeamId(auth));
    if (!group) throw new AppError('notFound');
    return group;
  }

  return {
    ensureDefault,

    /** The team's group with this id; undefined for an unknown id or another team's group. */
    findGroup: repo.findGroup,

    async list(auth: AuthContext, language: Language): Promise<ProjectGroup[]> {
      const teamId = callerTeamId(auth);
      await ensureDefault(teamId, language);
      const rows = await repo.listGroups(teamId, visibilityOf(auth));
      return rows.map((row) => presentGroup(row, language));
    },

    async detail(auth: AuthContext, groupId: number, language: Language): Promise<ProjectGroup> {
      const teamId = callerTeamId(auth);
      const [row] = await repo.listGroups(teamId, visibilityOf(auth), groupId);
      if (!row) throw new AppError('notFound');
      return presentGroup(row, language);
    },

    async create(auth: AuthContext, input: { name: string }, language: Language) {
      const teamId = callerTeamId(auth);
      // The default group exists before any other, so that it always sorts and reads as the first.
      await ensureDefault(teamId, language);
      if (await repo.nameTaken(teamId, input.name)) throw new AppError('PROJECT_GROUP_NAME_ERROR');
      return { id: await repo.insertGroup(teamId, input.name) };
    },

    async rename(auth: AuthContext, input: { id: number; name: string }) {
      const group = await requireGroup(auth, input.id);
      if (await repo.nameTaken(group.team_id, input.name, group.id)) throw new AppError('PROJECT_GROUP_NAME_ERROR');
      await repo.renameGroup(group.id, input.name);
      return { id: group.id };
    },

    async remove(auth: AuthContext, groupId: number) {
      const group = await requireGroup(auth, groupId);
      if (group.is_default) throw new AppError('PROJECT_GROUP_DEFAULT_UNDELETABLE');
      if (await repo.hasLiveProjects(group.id)) throw new AppError('PROJECT_GROUP_IN_USE');
      await repo.deleteGroup(group.id);
    },
  };
}

export type ProjectGroupService = ReturnType<typeof createProjectGroupService>;
