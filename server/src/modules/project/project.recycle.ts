import { AppError, CATALOGUES, DEFAULT_LANGUAGE } from '@sightline/shared';
import { registerRecyclable, type PurgeResult, type RecyclableHandler } from '../recycle-bin/recycle-bin.service.js';
import { createProjectGroupRepo } from './project-group.repo.js';
import { projectChildren, sumOverChildren } from './project-children.js';
import { coverKeyOf } from './project-cover.js';
import { projectNameTaken } from './project.repo.js';

/**
 * How a project goes through the recycle bin. Its configuration rows (members, defect types and fields,
 * filters, custom data) and its model hang off the project and need no mark of their own: a binned
 * project is invisible to every call, and purging drops them with it (its domains' data through their
 * registered hooks, the rest by foreign-key cascade).
 */
export const projectRecyclable: RecyclableHandler = {
  async loadSummary(db, projectId) {
    const project = await db
      .selectFrom('projects')
      .select(['name', 'team_id', 'cover_bytes'])
      .where('id', '=', projectId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!project) return undefined;
    const childBytes = await sumOverChildren((child) => child.storedBytes(db, projectId));
    return { name: project.name, teamId: project.team_id, sizeBytes: Number(project.cover_bytes) + childBytes };
  },

  async markDeleted(db, projectId, deletedAt) {
    await db
      .updateTable('projects')
      .set({ deleted_at: deletedAt })
      .where('id', '=', projectId)
      .where('deleted_at', 'is', null)
      .execute();
  },

  /**
   * Brings the project back under its name, which must still be free in the team; if its group was
   * deleted meanwhile it returns to the team's default group.
   */
  async restore(db, projectId) {
    const project = await db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
    if (await projectNameTaken(db, project.team_id, project.name))
      throw new AppError('PROJECT_NAME_EXITS_ERROR', { params: { name: project.name } });
    const groupId =
      project.group_id ??
      (
        await createProjectGroupRepo(db).ensureDefault(
          project.team_id,
          CATALOGUES[DEFAULT_LANGUAGE].projectGroup.default,
        )
      ).id;
    await db
      .updateTable('projects')
      .set({ deleted_at: null, group_id: groupId, updated_at: new Date() })
      .where('id', '=', projectId)
      .execute();
  },

  async binnedDescendants(db, projectId) {
    const items: Array<{ kind: string; entityId: number }> = [];
    for (const child of projectChildren()) items.push(...((await child.binnedItems?.(db, projectId)) ?? []));
    return items;
  },

  async purge(db, projectId) {
    const project = await db
      .selectFrom('projects')
      .select(['cover_url', 'cover_bytes'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!project) return { blobKeys: [], freedBytes: 0 };
    const purged: PurgeResult[] = [];
    for (const child of projectChildren()) purged.push(await child.purge(db, projectId));
    // Grants carry no foreign key to projects (the team module owns them), so they go by hand.
    await db.deleteFrom('invitation_project_grants').where('project_id', '=', projectId).execute();
    await db.deleteFrom('projects').where('id', '=', projectId).execute();
    const key = coverKeyOf(project.cover_url);
    return {
      blobKeys: [...(key ? [key] : []), ...purged.flatMap((result) => result.blobKeys)],
      freedBytes: (key ? Number(project.cover_bytes) : 0) + purged.reduce((sum, result) => sum + result.freedBytes, 0),
    };
  },
};

registerRecyclable('project', projectRecyclable);
