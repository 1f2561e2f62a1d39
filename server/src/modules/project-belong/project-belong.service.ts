import {
  AppError,
  hasPermission,
  type MemberJurisdiction,
  type ProjectMember,
  type ProjectRef,
} from '@sightline/shared';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import type { ProjectRepo } from '../project/project.repo.js';
import { visibilityOf, type ProjectAccess } from '../project/project-access.js';
import { presentProjectMember } from '../project/project.service.js';
import type { ProjectBelongRepo } from './project-belong.repo.js';

export interface ProjectBelongServiceDeps {
  repo: ProjectBelongRepo;
  projects: ProjectRepo;
  access: ProjectAccess;
}

/**
 * Who belongs to which project (SPEC section 6: an administrator adjusts a member's projects). Owners and
 * administrators see every project anyway; the lists matter for inspectors and viewers.
 */
export function createProjectBelongService({ repo, projects, access }: ProjectBelongServiceDeps) {
  async function requireMember(teamId: number, userId: number) {
    const [member] = await repo.listTeamMembers(teamId, [userId]);
    if (!member) throw new AppError('USER_NOT_EXISTING');
    return member;
  }

  /** Checks every assignment before any is applied: unknown members, or projects not live in the team. */
  async function checkAssignments(
    teamId: number,
    assignments: ReadonlyArray<{ userId: number; projectIds: number[] }>,
  ) {
    const userIds = [...new Set(assignments.map((item) => item.userId))];
    const members = await repo.listTeamMembers(teamId, userIds);
    if (members.length !== userIds.length) throw new AppError('USER_NOT_EXISTING');
    const projectIds = [...new Set(assignments.flatMap((item) => item.projectIds))];
    const live = await repo.liveProjectIds(teamId, projectIds);
    if (projectIds.some((id) => !live.has(id))) throw new AppError('PROJECT_NO_ERROR');
  }

  async function assign(auth: AuthContext, assignments: Array<{ userId: number; projectIds: number[] }>) {
    const teamId = callerTeamId(auth);
    await checkAssignments(teamId, assignments);
    await repo.replaceMemberProjects(teamId, assignments);
  }

  return {
    async projectsOfMember(auth: AuthContext, userId: number): Promise<ProjectRef[]> {
      const teamId = callerTeamId(auth);
      await requireMember(teamId, userId);
      return repo.listProjectsOfMember(teamId, userId);
    },

    /** The caller's own projects: every project of the team for owners and administrators. */
    myProjects(auth: AuthContext): Promise<ProjectRef[]> {
      return projects.listRefs({ teamId: callerTeamId(auth), memberId: visibilityOf(auth) });
    },

    assignProjectsToMember(auth: AuthContext, input: { userId: number; projectIds: number[] }) {
      return assign(auth, [input]);
    },

    assignProjectsToMembers(auth: AuthContext, input: { items: Array<{ userId: number; projectIds: number[] }> }) {
      return assign(auth, input.items);
    },

    async assignMembersToProject(auth: AuthContext, input: { projectId: number; userIds: number[] }) {
      const project = await access.require(auth, input.projectId, { change: true });
      const userIds = [...new Set(input.userIds)];
      const members = await repo.listTeamMembers(project.team_id, userIds);
      if (members.length !== userIds.length) throw new AppError('USER_NOT_EXISTING');
      await projects.setProjectMembers(project.id, userIds);
    },

    async membersOfProject(auth: AuthContext, projectId: number): Promise<ProjectMember[]> {
      await access.require(auth, projectId);
      return (await projects.listMembers(projectId)).map(presentProjectMember);
    },

    /** Every member of the team with the projects they hold. */
    async jurisdiction(auth: AuthContext): Promise<MemberJurisdiction[]> {
      const teamId = callerTeamId(auth);
      const [members, memberships] = await Promise.all([
        repo.listTeamMembers(teamId),
        repo.listTeamMemberships(teamId),
      ]);
      const byUser = new Map<number, ProjectRef[]>();
      for (const row of memberships) {
        const list = byUser.get(row.user_id) ?? [];
        list.push({ id: row.id, name: row.name });
        byUser.set(row.user_id, list);
      }
      return members.map((member) => ({
        userId: member.id,
        name: member.name,
        account: member.account,
        roleCode: member.role_code,
        allProjects: hasPermission(member.role_code, 'project:edit'),
        projects: byUser.get(member.id) ?? [],
      }));
    },
  };
}

export type ProjectBelongService = ReturnType<typeof createProjectBelongService>;
