import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { ROLE_CODES, hasPermission, type ModelState, type PageQuery } from '@sightline/shared';
import type { Database, ProjectsTable } from '../../platform/db/schema.js';
import { likePattern } from '../../platform/db/sql-helpers.js';
import { projectChildren, sumOverChildren } from './project-children.js';
import { currentMemberIds, currentRoleInTeam, teamMemberships } from '../team/membership.js';

export type ProjectRow = Selectable<ProjectsTable>;

export interface ProjectFilter {
  teamId: number;
  /** Only projects this user is a member of; null for callers who see the whole team. */
  memberId: number | null;
  groupId?: number | undefined;
  typeId?: number | undefined;
  keyword?: string | undefined;
  projectId?: number | undefined;
}

/**
 * Membership of `projects.id`: a row in project_members, or a project an invitation link granted when
 * the user joined the team (invitation_project_grants, written by the team module). `user` is a user id
 * or a column holding one.
 */
/** The roles whose holders see every project of their team (project-access's seesAllProjects). */
const ROLES_SEEING_ALL_PROJECTS = ROLE_CODES.filter((role) => hasPermission(role, 'project:edit'));

export function isMemberOf(user: number | RawBuilder<unknown>) {
  return sql<boolean>`(exists (select 1 from project_members pm where pm.project_id = projects.id and pm.user_id = ${user})
    or exists (select 1 from invitation_project_grants g
      where g.project_id = projects.id and g.team_id = projects.team_id and g.user_id = ${user}))`;
}

/** SQL of projects and their members. */
export function createProjectRepo(db: Kysely<Database>) {
  function cards(filter: ProjectFilter) {
    let query = db
      .selectFrom('projects')
      .innerJoin('project_types as t', 't.id', 'projects.type_id')
      .where('projects.team_id', '=', filter.teamId)
      .where('projects.deleted_at', 'is', null);
    if (filter.memberId !== null) {
      query = query.where(isMemberOf(filter.memberId));
    }
    if (filter.groupId !== undefined) query = query.where('projects.group_id', '=', filter.groupId);
    if (filter.typeId !== undefined) query = query.where('projects.type_id', '=', filter.typeId);
    if (filter.keyword) query = query.where('projects.name', 'ilike', likePattern(filter.keyword));
    if (filter.projectId !== undefined) query = query.where('projects.id', '=', filter.projectId);
    return query;
  }

  const cardColumns = [
    'projects.id',
    'projects.name',
    'projects.type_id',
    'projects.group_id',
    'projects.cover_url',
    'projects.description',
    'projects.status',
    'projects.created_at',
    'projects.location_geojson',
    'projects.location_kind',
    'projects.route_name',
    'projects.default_view',
    't.code as type_code',
    't.name as type_name',
    't.icon as type_icon',
    't.built_in as type_built_in',
  ] as const;

  return {
    findLiveProject(id: number) {
      return db
        .selectFrom('projects')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Everyone who may see the project now: its team's owners and administrators, and its members. */
    async listViewerIds(projectId: number): Promise<number[]> {
      const rows = await db
        .selectFrom(teamMemberships(db, { current: true }).as('tm'))
        .innerJoin('projects', 'projects.team_id', 'tm.team_id')
        .select('tm.user_id')
        .where('projects.id', '=', projectId)
        .where((eb) => eb.or([eb('tm.role_code', 'in', ROLES_SEEING_ALL_PROJECTS), isMemberOf(sql.ref('tm.user_id'))]))
        .execute();
      return rows.map((row) => row.user_id);
    },

    async isProjectMember(projectId: number, userId: number) {
      const row = await db
        .selectFrom('projects')
        .select('projects.id')
        .where('projects.id', '=', projectId)
        .where(isMemberOf(userId))
        .executeTakeFirst();
      return row !== undefined;
    },

    nameTaken(teamId: number, name: string, exceptId?: number) {
      return projectNameTaken(db, teamId, name, exceptId);
    },

    /** The type if the team may use it (its own or built-in), with the team's enabled state. */
    findTypeForTeam(typeId: number, teamId: number) {
      return db
        .selectFrom('project_types as t')
        .leftJoin('project_type_states as s', (join) =>
          join.onRef('s.type_id', '=', 't.id').on('s.team_id', '=', teamId),
        )
        .select(['t.id', 't.team_id', 't.code', 't.name', 't.icon', 't.built_in', 's.enabled'])
        .where('t.id', '=', typeId)
        .where((eb) => eb.or([eb('t.team_id', 'is', null), eb('t.team_id', '=', teamId)]))
        .executeTakeFirst();
    },

    /** Which of these users are current (not expired) members of the team. */
    async teamMemberIds(teamId: number, userIds: readonly number[]) {
      return new Set(await currentMemberIds(db, teamId, { userIds }));
    },

    /** The user's role in the team while their membership counts. */
    findTeamRole(teamId: number, userId: number) {
      return currentRoleInTeam(db, userId, teamId);
    },

    /** Whether another project (live or in the bin) already holds this cover. */
    async coverHeldByOther(coverUrl: string, exceptId?: number) {
      let query = db.selectFrom('projects').select('id').where('cover_url', '=', coverUrl);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    insertProject(values: Insertable<ProjectsTable>, memberIds: readonly number[]) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('projects').values(values).returning('id').executeTakeFirstOrThrow();
        if (memberIds.length > 0) {
          await trx
            .insertInto('project_members')
            .values(memberIds.map((userId) => ({ project_id: id, user_id: userId })))
            .execute();
        }
        return id;
      });
    },

    updateProject(id: number, values: Updateable<ProjectsTable>, memberIds: readonly number[] | undefined) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('projects')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        if (memberIds === undefined) return;
        await replaceProjectMembers(trx, id, memberIds);
      });
    },

    setProjectMembers(projectId: number, userIds: readonly number[]) {
      return db.transaction().execute((trx) => replaceProjectMembers(trx, projectId, userIds));
    },

    async pageCards(filter: ProjectFilter, page: PageQuery) {
      const query = cards(filter);
      const [rows, count] = await Promise.all([
        query
          .select(cardColumns)
          .orderBy('projects.created_at', 'desc')
          .orderBy('projects.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    listCards(
      filter: ProjectFilter & { hasRoute?: boolean; routeName?: string | undefined; typeCode?: string | undefined },
    ) {
      let query = cards(filter);
      if (filter.hasRoute) query = query.where('projects.route_name', 'is not', null);
      if (filter.routeName) query = query.where('projects.route_name', 'ilike', likePattern(filter.routeName));
      if (filter.typeCode) query = query.where(sql<string>`lower(t.code)`, '=', filter.typeCode.toLowerCase());
      return query.select(cardColumns).orderBy('projects.created_at', 'desc').orderBy('projects.id', 'desc').execute();
    },

    listRefs(filter: ProjectFilter) {
      return cards(filter).select(['projects.id', 'projects.name']).orderBy('projects.name').execute();
    },

    async memberCounts(projectIds: readonly number[]) {
      const counts = new Map<number, number>();
      if (projectIds.length === 0) return counts;
      const rows = await db
        .selectFrom('projects')
        .innerJoin(teamMemberships(db).as('tm'), 'tm.team_id', 'projects.team_id')
        .select(['projects.id', (eb) => eb.fn.countAll<string>().as('members')])
        .where('projects.id', 'in', [...projectIds])
        .where(isMemberOf(sql.ref('tm.user_id')))
        .groupBy('projects.id')
        .execute();
      for (const row of rows) counts.set(row.id, Number(row.members));
      return counts;
    },

    /** The model's state per project (project_models belongs to the model module); no row reads 'none'. */
    async modelStateFor(projectIds: readonly number[]) {
      const states = new Map<number, ModelState>();
      if (projectIds.length === 0) return states;
      const rows = await db
        .selectFrom('project_models')
        .select(['project_id', 'state'])
        .where('project_id', 'in', [...projectIds])
        .execute();
      for (const row of rows) states.set(row.project_id, row.state);
      return states;
    },

    /** Members of a project who are still members of its team. */
    listMembers(projectId: number) {
      return db
        .selectFrom('projects')
        .innerJoin(teamMemberships(db).as('tm'), 'tm.team_id', 'projects.team_id')
        .innerJoin('users as u', 'u.id', 'tm.user_id')
        .select(['u.id', 'u.name', 'u.account', 'u.phone', 'u.head_img_url', 'tm.role_code'])
        .where('projects.id', '=', projectId)
        .where('u.deleted_at', 'is', null)
        .where(isMemberOf(sql.ref('tm.user_id')))
        .orderBy('u.name')
        .execute();
    },

    findGroupName(groupId: number) {
      return db
        .selectFrom('project_groups')
        .select(['name', 'is_default'])
        .where('id', '=', groupId)
        .executeTakeFirst();
    },

    /** Sets the moving state; false when the project is not in the normal state (already moving, or gone). */
    async claimForMove(projectId: number) {
      const row = await db
        .updateTable('projects')
        .set({ status: 'moving', updated_at: new Date() })
        .where('id', '=', projectId)
        .where('status', '=', 'normal')
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What the project's domains (its model, ...) count against its team, to move with it; refuses while one is changing. */
    childBytesForHandover(projectId: number) {
      return sumOverChildren((child) => child.bytesForHandover(db, projectId));
    },

    releaseMove(projectId: number) {
      return db.updateTable('projects').set({ status: 'normal' }).where('id', '=', projectId).execute();
    },

    /**
     * Moves a project to another team in one transaction: the name must be free there, a team type is
     * matched by name in the target team (or copied into it), the project's domains (its model, ...) count against the target team,
     * members who are not in the target team leave the project, and invitation grants of the old team lapse.
     */
    moveToTeam(move: {
      projectId: number;
      targetTeamId: number;
      groupId: number;
      cover: { url: string; bytes: number } | null;
    }) {
      return db.transaction().execute(async (trx) => {
        const project = await trx
          .selectFrom('projects')
          .selectAll()
          .where('id', '=', move.projectId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (await projectNameTaken(trx, move.targetTeamId, project.name)) return { moved: false as const };

        const type = await trx
          .selectFrom('project_types')
          .selectAll()
          .where('id', '=', project.type_id)
          .executeTakeFirstOrThrow();
        let typeId = type.id;
        if (type.team_id !== null) {
          const same = await trx
            .selectFrom('project_types')
            .select('id')
            .where('team_id', '=', move.targetTeamId)
            .where(sql<string>`lower(name)`, '=', type.name.toLowerCase())
            .executeTakeFirst();
          const codeTaken =
            type.code !== null &&
            (await trx
              .selectFrom('project_types')
              .select('id')
              .where((eb) => eb.or([eb('team_id', 'is', null), eb('team_id', '=', move.targetTeamId)]))
              .where(sql<string>`lower(code)`, '=', type.code.toLowerCase())
              .executeTakeFirst()) !== undefined;
          typeId =
            same?.id ??
            (
              await trx
                .insertInto('project_types')
                .values({
                  team_id: move.targetTeamId,
                  name: type.name,
                  icon: type.icon,
                  code: codeTaken ? null : type.code,
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id;
        }

        await trx
          .updateTable('projects')
          .set({
            team_id: move.targetTeamId,
            group_id: move.groupId,
            type_id: typeId,
            status: 'normal',
            updated_at: new Date(),
            ...(move.cover ? { cover_url: move.cover.url, cover_bytes: move.cover.bytes } : {}),
          })
          .where('id', '=', move.projectId)
          .execute();
        for (const child of projectChildren()) await child.moveToTeam(trx, move.projectId, move.targetTeamId);
        await trx
          .deleteFrom('project_members')
          .where('project_id', '=', move.projectId)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom(teamMemberships(trx).as('tm'))
                  .select('tm.user_id')
                  .whereRef('tm.user_id', '=', 'project_members.user_id')
                  .where('tm.team_id', '=', move.targetTeamId),
              ),
            ),
          )
          .execute();
        await trx
          .deleteFrom('invitation_project_grants')
          .where('project_id', '=', move.projectId)
          .where('team_id', '=', project.team_id)
          .execute();
        return { moved: true as const };
      });
    },
  };
}

/**
 * Makes exactly `userIds` the project's members: explicit rows are replaced and grants from invitation
 * links for this project are dropped, since the administrator's list now says who belongs.
 */
async function replaceProjectMembers(trx: Kysely<Database>, projectId: number, userIds: readonly number[]) {
  await trx.deleteFrom('project_members').where('project_id', '=', projectId).execute();
  await trx.deleteFrom('invitation_project_grants').where('project_id', '=', projectId).execute();
  if (userIds.length === 0) return;
  await trx
    .insertInto('project_members')
    .values([...new Set(userIds)].map((userId) => ({ project_id: projectId, user_id: userId })))
    .execute();
}

/** Whether a live project of the team has the name (projects in the recycle bin do not count). */
export async function projectNameTaken(db: Kysely<Database>, teamId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('projects')
    .select('id')
    .where('team_id', '=', teamId)
    .where('name', '=', name)
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Takes a user's rights on the projects of a team away: explicit memberships and the grants of the
 * invitation link they joined by.
 */
export async function removeProjectRights(trx: Kysely<Database>, teamId: number, userId: number) {
  await trx
    .deleteFrom('project_members')
    .where('user_id', '=', userId)
    .where('project_id', 'in', trx.selectFrom('projects').select('id').where('team_id', '=', teamId))
    .execute();
  await trx
    .deleteFrom('invitation_project_grants')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

export type ProjectRepo = ReturnType<typeof createProjectRepo>;
export type ProjectCardRow = Awaited<ReturnType<ProjectRepo['listCards']>>[number];
export type ProjectMemberRow = Awaited<ReturnType<ProjectRepo['listMembers']>>[number];
