import { AppError } from '@sightline/shared';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import type { ProjectRepo, ProjectRow } from './project.repo.js';

/**
 * Owners and administrators (the roles that may edit projects) see every project of their team;
 * inspectors and viewers see the projects they are members of.
 */
export function seesAllProjects(auth: AuthContext): boolean {
  return auth.permissions.includes('project:edit');
}

/** The id of the member whose projects a query is limited to, or null when the caller sees them all. */
export function visibilityOf(auth: AuthContext): number | null {
  return seesAllProjects(auth) ? null : auth.userId;
}

/**
 * Project rights, enforced on every project-scoped call: a project of another team, one in the recycle
 * bin, and one the caller is not a member of all answer PROJECT_NO_ERROR, so that a caller learns
 * nothing about projects they may not see. A project being handed over can be read but not changed.
 */
export function createProjectAccess(repo: Pick<ProjectRepo, 'findLiveProject' | 'isProjectMember' | 'listViewerIds'>) {
  return {
    /** Everyone who may see the project now (the audience of events about it). */
    viewers: (projectId: number): Promise<number[]> => repo.listViewerIds(projectId),

    async require(auth: AuthContext, projectId: number, options: { change?: boolean } = {}): Promise<ProjectRow> {
      const teamId = callerTeamId(auth);
      const project = await repo.findLiveProject(projectId);
      if (!project || project.team_id !== teamId) throw new AppError('PROJECT_NO_ERROR');
      if (!seesAllProjects(auth) && !(await repo.isProjectMember(projectId, auth.userId))) {
        throw new AppError('PROJECT_NO_ERROR');
      }
      if (options.change && project.status === 'moving') throw new AppError('PROJECT_ERROR');
      return project;
    },
  };
}

export type ProjectAccess = ReturnType<typeof createProjectAccess>;
