import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { isMemberOf } from './project.repo.js';

/** SQL of project groups. */
export function createProjectGroupRepo(db: Kysely<Database>) {
  function findDefault(teamId: number) {
    return db
      .selectFrom('project_groups')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('is_default', '=', true)
      .executeTakeFirst();
  }

  async function nameTaken(teamId: number, name: string, exceptId?: number) {
    let query = db
      .selectFrom('project_groups')
      .select('id')
      .where('team_id', '=', teamId)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  return {
    findDefault,
    nameTaken,

    /**
     * The team's default group, created on first use. Two first uses at once meet on the unique index
     * and both read the one row; a team group that already took the name pushes the default to "name 2".
     */
    async ensureDefault(teamId: number, name: string) {
      const existing = await findDefault(teamId);
      if (existing) return existing;
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        const candidate = attempt === 1 ? name : `${name} ${attempt}`;
        await db
          .insertInto('project_groups')
          .values({ team_id: teamId, name: candidate, is_default: true })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        const created = await findDefault(teamId);
        if (created) return created;
      }
      throw new Error(`Cannot create the default project group of team ${teamId}`);
    },

    /** The team's groups with the number of live projects the caller can see in each. */
    listGroups(teamId: number, memberId: number | null, groupId?: number) {
      let query = db
        .selectFrom('project_groups as g')
        .select(['g.id', 'g.name', 'g.is_default'])
        .select((eb) =>
          eb
            .selectFrom('projects')
            .select(eb.fn.countAll<string>().as('count'))
            .whereRef('projects.group_id', '=', 'g.id')
            .where('projects.deleted_at', 'is', null)
            .$if(memberId !== null, (count) => count.where(isMemberOf(memberId ?? 0)))
            .as('project_count'),
        )
        .where('g.team_id', '=', teamId);
      if (groupId !== undefined) query = query.where('g.id', '=', groupId);
      return query.orderBy('g.is_default', 'desc').orderBy('g.created_at').orderBy('g.id').execute();
    },

    findGroup(groupId: number, teamId: number) {
      return db
        .selectFrom('project_groups')
        .selectAll()
        .where('id', '=', groupId)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
    },

    async insertGroup(teamId: number, name: string) {
      const { id } = await db
        .insertInto('project_groups')
        .values({ team_id: teamId, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    renameGroup(groupId: number, name: string) {
      return db.updateTable('project_groups').set({ name, updated_at: new Date() }).where('id', '=', groupId).execute();
    },

    /** Projects in the bin do not hold a group: restoring one puts it back in the default group. */
    async hasLiveProjects(groupId: number) {
      const row = await db
        .selectFrom('projects')
        .select('id')
        .where('group_id', '=', groupId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    deleteGroup(groupId: number) {
      return db.deleteFrom('project_groups').where('id', '=', groupId).execute();
    },
  };
}

export type ProjectGroupRepo = ReturnType<typeof createProjectGroupRepo>;
