import type { Kysely } from 'kysely';
import type { InvitationScope, RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { addMember, countMembers, hasLapsed, membershipOf, updateMembership } from './membership.js';

/** SQL of invitation links, wrong-password counts and joining a team by a link. */
export function createInvitationRepo(db: Kysely<Database>) {
  function links() {
    return db
      .selectFrom('team_invitation_links as link')
      .innerJoin('users as inviter', 'inviter.id', 'link.created_by')
      .innerJoin('teams', 'teams.id', 'link.team_id')
      .select([
        'link.id',
        'link.team_id',
        'link.sid',
        'link.password',
        'link.password_mode',
        'link.role_code',
        'link.scope',
        'link.project_ids',
        'link.created_by',
        'link.created_at',
        'link.expires_at',
        'link.revoked_at',
        'inviter.name as inviter_name',
        'inviter.head_img_url as inviter_head_img_url',
        'teams.name as team_name',
        'teams.member_max',
      ]);
  }

  return {
    findActiveLink(teamId: number, now: Date) {
      return links()
        .where('link.team_id', '=', teamId)
        .where('link.revoked_at', 'is', null)
        .where('link.expires_at', '>', now)
        .orderBy('link.id', 'desc')
        .executeTakeFirst();
    },

    findLinkBySid(sid: string) {
      return links().where('link.sid', '=', sid).executeTakeFirst();
    },

    /** Creates a link and expires the team's earlier ones: a team has one live link at a time. */
    async replaceLink(link: {
      teamId: number;
      sid: string;
      password: string;
      passwordMode: 'random' | 'custom';
      roleCode: RoleCode;
      scope: InvitationScope;
      projectIds: number[];
      createdBy: number;
      now: Date;
      expiresAt: Date;
    }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('team_invitation_links')
          .set({ revoked_at: link.now })
          .where('team_id', '=', link.teamId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .insertInto('team_invitation_links')
          .values({
            team_id: link.teamId,
            sid: link.sid,
            password: link.password,
            password_mode: link.passwordMode,
            role_code: link.roleCode,
            scope: link.scope,
            project_ids: link.projectIds,
            created_by: link.createdBy,
            created_at: link.now,
            expires_at: link.expiresAt,
          })
          .execute();
      });
    },

    /**
     * Counts a password try of the user for the team and says whether it may be weighed, in one statement, so
     * a parallel burst cannot read the same count: the try is counted before the password is compared and
     * cleared (`clearFailures`) when it was right. Tries before `since` are forgotten. Null while the user is
     * blocked; otherwise the count with this try.
     */
    async takeTry(userId: number, teamId: number, limit: { max: number; now: Date; since: Date }) {
      const row = await db
        .insertInto('team_join_attempts')
        .values({ user_id: userId, team_id: teamId, failed_count: 1, last_failed_at: limit.now })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'team_id'])
            .doUpdateSet((eb) => ({
              failed_count: eb
                .case()
                .when('team_join_attempts.last_failed_at', '>', limit.since)
                .then(eb('team_join_attempts.failed_count', '+', 1))
                .else(1)
                .end(),
              last_failed_at: limit.now,
            }))
            .where((eb) =>
              eb.or([
                eb('team_join_attempts.last_failed_at', '<=', limit.since),
                eb('team_join_attempts.failed_count', '<', limit.max),
              ]),
            ),
        )
        .returning('failed_count')
        .executeTakeFirst();
      return row?.failed_count ?? null;
    },

    clearFailures(userId: number, teamId: number) {
      return db.deleteFrom('team_join_attempts').where('user_id', '=', userId).where('team_id', '=', teamId).execute();
    },

    /**
     * Adds the user to the team as a full member with the link's role, in a transaction that
     * locks the team row so two joins cannot both take the last seat. A temporary membership that
     * has lapsed is renewed rather than refused.
     */
    join(join: {
      teamId: number;
      userId: number;
      roleCode: RoleCode;
      inviterId: number;
      projectIds: number[];
      now: Date;
    }): Promise<'joined' | 'member' | 'full'> {
      return db.transaction().execute(async (trx) => {
        const team = await trx
          .selectFrom('teams')
          .select('member_max')
          .where('id', '=', join.teamId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const existing = await membershipOf(trx, join.userId, join.teamId);
        if (existing && !hasLapsed(existing, join.now)) return 'member';
        if (existing) {
          await updateMembership(trx, join.teamId, join.userId, {
            role_code: join.roleCode,
            member_type: 'full',
            expires_at: null,
          });
        } else {
          if ((await countMembers(trx, join.teamId)) >= team.member_max) return 'full';
          await addMember(trx, {
            teamId: join.teamId,
            userId: join.userId,
            role: join.roleCode,
            createdAt: join.now,
          });
        }
        await trx
          .updateTable('users')
          .set({ inviter_id: join.inviterId, current_team_id: join.teamId, updated_at: join.now })
          .where('id', '=', join.userId)
          .execute();
        if (join.projectIds.length > 0) {
          await trx
            .insertInto('invitation_project_grants')
            .values(
              join.projectIds.map((projectId) => ({
                user_id: join.userId,
                team_id: join.teamId,
                project_id: projectId,
              })),
            )
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        return 'joined';
      });
    },
  };
}

export type InvitationRepo = ReturnType<typeof createInvitationRepo>;
