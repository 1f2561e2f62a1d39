import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';
import { buildStaffedTeam, buildTeam } from './team.js';
import { unique } from './unique.js';
import { sessionToken } from './user.js';

/** An outsider: the owner of another team, signed in. */
export async function buildOutsider(db: Kysely<Database>) {
  const team = await buildTeam(db);
  return { teamId: team.id, ...team.owner, token: await sessionToken(db, team.owner.id) };
}

/** A staffed team and one live project of it whose only explicit member is the inspector. */
export async function buildProjectScene(db: Kysely<Database>) {
  const team = await buildStaffedTeam(db);
  const { id: projectId } = await buildProject(db, { teamId: team.id, memberIds: [team.inspector.id] });
  return { team, projectId };
}

export async function builtInProjectTypeId(db: Kysely<Database>, code = 'bridge'): Promise<number> {
  const row = await db
    .selectFrom('project_types')
    .select('id')
    .where('team_id', 'is', null)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function builtInDefectTypeId(db: Kysely<Database>, code = 'crack'): Promise<number> {
  const row = await db
    .selectFrom('defect_types')
    .select('id')
    .where('project_id', 'is', null)
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A live project of the team written directly, with explicit members. */
export async function buildProject(
  db: Kysely<Database>,
  options: {
    teamId: number;
    name?: string;
    typeId?: number;
    groupId?: number | null;
    memberIds?: number[];
    routeName?: string | null;
    deleted?: boolean;
  },
) {
  const name = options.name ?? `Project ${unique()}`;
  const { id } = await db
    .insertInto('projects')
    .values({
      team_id: options.teamId,
      type_id: options.typeId ?? (await builtInProjectTypeId(db)),
      group_id: options.groupId ?? null,
      name,
      cover_url: null,
      description: null,
      location_kind: null,
      route_name: options.routeName ?? null,
      created_by: null,
      deleted_at: options.deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.memberIds && options.memberIds.length > 0) {
    await db
      .insertInto('project_members')
      .values(options.memberIds.map((userId) => ({ project_id: id, user_id: userId })))
      .execute();
  }
  return { id, name };
}

/** The bytes of a small valid PNG (1 x 1 pixel). */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
