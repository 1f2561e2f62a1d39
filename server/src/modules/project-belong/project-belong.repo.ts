import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { isMemberOf, removeProjectRights } from '../project/project.repo.js';
import { currentMembers, teamMemberships } from '../team/membership.js';

/** SQL of who belongs to which project, seen from the members' side. */
export function createProjectBelongRepo(db: Kysely<Database>) {
  return {
    /** Live projects of the team that the user is a member of. */
    listProjectsOfMember(teamId: number, userId: number) {
      return db
        .selectFrom('projects')
        .select(['projects.id', 'projects.name'])
        .where('projects.team_id', '=', teamId)
        .where('projects.deleted_at', 'is', null)
        .where(isMemberOf(userId))
        .orderBy('projects.name')
        .execute();
    },

    /** Every membership of the team's live projects, for the jurisdiction table. */
    listTeamMemberships(teamId: number) {
      return db
        .selectFrom('projects')
        .innerJoin(teamMemberships(db).as('tm'), 'tm.team_id', 'projects.team_id')
        .select(['tm.user_id', 'projects.id', 'projects.name'])
        .where('projects.team_id', '=', teamId)
        .where('projects.deleted_at', 'is', null)
        .where(isMemberOf(sql.ref('tm.user_id')))
        .orderBy('projects.name')
        .execute();
    },

    /** Current members of the team, with their role. */
    listTeamMembers(teamId: number, userIds?: readonly number[]) {
      let query = currentMembers(db, teamId).select([
        'users.id',
        'users.name',
        'users.account',
        'membership.role_code',
      ]);
      if (userIds !== undefined) {
        if (userIds.length === 0) return Promise.resolve([]);
        query = query.where('users.id', 'in', [...userIds]);
      }
      return query.orderBy('membership.created_at').orderBy('users.id').execute();
    },

    /** Which of these ids are live projects of the team. */
    async liveProjectIds(teamId: number, projectIds: readonly number[]) {
      if (projectIds.length === 0) return new Set<number>();
      const rows = await db
        .selectFrom('projects')
        .select('id')
        .where('team_id', '=', teamId)
        .where('deleted_at', 'is', null)
        .where('id', 'in', [...projectIds])
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Makes exactly these the member's projects in the team, for several members at once: explicit rows
     * and invitation grants of the team are replaced by the administrator's lists.
     */
    replaceMemberProjects(
      teamId: number,
      assignments: ReadonlyArray<{ userId: number; projectIds: readonly number[] }>,
    ) {
      return db.transaction().execute(async (trx) => {
        for (const { userId, projectIds } of assignments) {
          await removeProjectRights(trx, teamId, userId);
          const unique = [...new Set(projectIds)];
          if (unique.length > 0) {
            await trx
              .insertInto('project_members')
              .values(unique.map((projectId) => ({ project_id: projectId, user_id: userId })))
              .execute();
          }
        }
      });
    },
  };
}

export type ProjectBelongRepo = ReturnType<typeof createProjectBelongRepo>;
