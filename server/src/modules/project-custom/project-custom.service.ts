import { AppError, type CameraView, type ProjectCustom } from '@sightline/shared';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import { refusingDuplicates } from '../../platform/db/sql-helpers.js';
import { visibilityOf, type ProjectAccess } from '../project/project-access.js';
import type { ProjectRepo } from '../project/project.repo.js';
import type { ProjectCustomRepo } from './project-custom.repo.js';

type CustomRow = Awaited<ReturnType<ProjectCustomRepo['listByProjects']>>[number];

function presentCustom(row: CustomRow): ProjectCustom {
  return { id: row.id, projectId: row.project_id, name: row.name, value: row.value };
}

export interface ProjectCustomServiceDeps {
  repo: ProjectCustomRepo;
  projects: ProjectRepo;
  access: ProjectAccess;
}

/** Custom project data (name/value pairs, names unique per project) and the report camera view. */
export function createProjectCustomService({ repo, projects, access }: ProjectCustomServiceDeps) {
  /** Entries by id, each in a project the caller may change; an unknown id answers notFound. */
  async function requireEntries(auth: AuthContext, ids: readonly number[]) {
    const rows = await repo.findByIds([...new Set(ids)]);
    if (rows.length !== new Set(ids).size) throw new AppError('notFound');
    for (const projectId of new Set(rows.map((row) => row.project_id))) {
      await access.require(auth, projectId, { change: true });
    }
    return rows;
  }

  return {
    /** Custom data of every project the caller may see, or of the ones named. */
    async findAll(auth: AuthContext, input: { projectIds?: number[] | undefined }) {
      const visible = await projects.listRefs({ teamId: callerTeamId(auth), memberId: visibilityOf(auth) });
      const wanted = input.projectIds ? new Set(input.projectIds) : null;
      const ids = visible.map((project) => project.id).filter((id) => !wanted || wanted.has(id));
      return (await repo.listByProjects(ids)).map(presentCustom);
    },

    async findForProject(auth: AuthContext, projectId: number) {
      await access.require(auth, projectId);
      return (await repo.listByProjects([projectId])).map(presentCustom);
    },

    async add(auth: AuthContext, input: { projectId: number; items: Array<{ name: string; value: string }> }) {
      await access.require(auth, input.projectId, { change: true });
      const names = input.items.map((item) => item.name);
      const repeated = names.find((name, index) => names.indexOf(name) !== index);
      const taken = repeated ?? (await repo.takenNames(input.projectId, names))[0];
      if (taken !== undefined) throw new AppError('PROJECT_CUSTOM_NAME_ERROR', { params: { name: taken } });
      const ids = await refusingDuplicates(repo.insertMany(input.projectId, input.items), 'PROJECT_CUSTOM_NAME_ERROR');
      return { ids };
    },

    async update(auth: AuthContext, input: { id: number; name: string; value: string }) {
      const [entry] = await requireEntries(auth, [input.id]);
      if (!entry) throw new AppError('notFound');
      const [taken] = await repo.takenNames(entry.project_id, [input.name], entry.id);
      if (taken !== undefined) throw new AppError('PROJECT_CUSTOM_NAME_ERROR', { params: { name: taken } });
      await refusingDuplicates(repo.update(entry.id, input), 'PROJECT_CUSTOM_NAME_ERROR');
      return { id: entry.id };
    },

    async remove(auth: AuthContext, ids: number[]) {
      await requireEntries(auth, ids);
      await repo.deleteMany(ids);
    },

    async reportPosition(auth: AuthContext, projectId: number) {
      await access.require(auth, projectId);
      const row = await repo.findReportPosition(projectId);
      return row ? { ...row.view, projectId, updatedAt: row.updated_at.toISOString() } : null;
    },

    async saveReportPosition(auth: AuthContext, input: CameraView & { projectId: number }) {
      await access.require(auth, input.projectId, { change: true });
      const { projectId, ...view } = input;
      await repo.saveReportPosition(projectId, view, auth.userId);
    },
  };
}

export type ProjectCustomService = ReturnType<typeof createProjectCustomService>;
