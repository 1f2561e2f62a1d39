import type { Kysely } from 'kysely';
import type { Database } from '../../src/platform/db/schema.js';
import { unique } from '../harness.js';
import { buildMember, buildStaffedTeam, sessionToken } from './team.js';

/** A team with one member of each team role, each with a session token. */
export async function buildProjectTeam(db: Kysely<Database>, options: { volumeMaxGb?: number } = {}) {
  const team = await buildStaffedTeam(db, options);
  const signIn = async <T extends { id: number }>(user: T) => ({ ...user, token: await sessionToken(db, user.id) });
  return {
    id: team.id,
    owner: await signIn(team.owner),
    admin: await signIn(team.admin),
    inspector: await signIn(team.inspector),
    viewer: await signIn(team.viewer),
  };
}

/** An outsider: the owner of another team, signed in. */
export async function buildOutsider(db: Kysely<Database>) {
  const team = await buildProjectTeam(db);
  return { teamId: team.id, ...team.owner };
}

/** A signed-in member of the team with the role given. */
export async function buildSignedInMember(
  db: Kysely<Database>,
  options: { teamId: number; role: 'ROLE_TEAM_ADMIN' | 'ROLE_TEAM_INSPECTOR' | 'ROLE_TEAM_VIEWER' },
) {
  const user = await buildMember(db, options);
  return { ...user, token: await sessionToken(db, user.id) };
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

/** A multipart body with one file part named `file`, for app.inject. */
export function multipartFile(
  data: Buffer,
  options: { fileName?: string; contentType?: string; fieldName?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sightline${unique()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.fieldName ?? 'file'}"; filename="${
      options.fileName ?? 'file.bin'
    }"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
