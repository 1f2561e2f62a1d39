import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** SQL of project types: the built-in ones (no team) and each team's own, with the team's enabled state. */
export function createProjectTypeRepo(db: Kysely<Database>) {
  function typesOfTeam(teamId: number) {
    return db
      .selectFrom('project_types as t')
      .leftJoin('project_type_states as s', (join) => join.onRef('s.type_id', '=', 't.id').on('s.team_id', '=', teamId))
      .select(['t.id', 't.team_id', 't.code', 't.name', 't.icon', 't.built_in'])
      .select(sql<boolean>`coalesce(s.enabled, true)`.as('enabled'))
      .select((eb) =>
        eb
          .selectFrom('projects')
          .select(eb.fn.countAll<string>().as('count'))
          .whereRef('projects.type_id', '=', 't.id')
          .where('projects.team_id', '=', teamId)
          .where('projects.deleted_at', 'is', null)
          .as('project_count'),
      )
      .where((eb) => eb.or([eb('t.team_id', 'is', null), eb('t.team_id', '=', teamId)]));
  }

  return {
    listForTeam(teamId: number, enabledOnly: boolean) {
      let query = typesOfTeam(teamId);
      if (enabledOnly) query = query.where(sql<boolean>`coalesce(s.enabled, true)`);
      return query.orderBy('t.built_in', 'desc').orderBy('t.sort').orderBy('t.id').execute();
    },

    findForTeam(typeId: number, teamId: number) {
      return typesOfTeam(teamId).where('t.id', '=', typeId).executeTakeFirst();
    },

    async nameTaken(teamId: number, name: string, exceptId?: number) {
      let query = db
        .selectFrom('project_types')
        .select('id')
        .where('team_id', '=', teamId)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Codes are unique among the built-in types and the team's own. */
    async codeTaken(teamId: number, code: string, exceptId?: number) {
      let query = db
        .selectFrom('project_types')
        .select('id')
        .where((eb) => eb.or([eb('team_id', 'is', null), eb('team_id', '=', teamId)]))
        .where(sql<string>`lower(code)`, '=', code.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertType(type: { teamId: number; name: string; icon: string; code: string | null }) {
      const { id } = await db
        .insertInto('project_types')
        .values({ team_id: type.teamId, name: type.name, icon: type.icon, code: type.code })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    updateType(typeId: number, type: { name: string; icon: string; code?: string | null | undefined }) {
      return db
        .updateTable('project_types')
        .set({
          name: type.name,
          icon: type.icon,
          ...(type.code !== undefined ? { code: type.code } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', typeId)
        .execute();
    },

    /** Projects in the recycle bin still hold their type: it must be there when they are restored. */
    async hasProjects(typeId: number) {
      const row = await db.selectFrom('projects').select('id').where('type_id', '=', typeId).executeTakeFirst();
      return row !== undefined;
    },

    deleteType(typeId: number) {
      return db.deleteFrom('project_types').where('id', '=', typeId).execute();
    },

    setEnabled(teamId: number, typeId: number, enabled: boolean) {
      return db
        .insertInto('project_type_states')
        .values({ team_id: teamId, type_id: typeId, enabled })
        .onConflict((conflict) => conflict.columns(['team_id', 'type_id']).doUpdateSet({ enabled }))
        .execute();
    },
  };
}

export type ProjectTypeRepo = ReturnType<typeof createProjectTypeRepo>;
