import { sql, type Kysely } from 'kysely';
import type { ClientType } from '@sightline/shared';
import type { Database, NewUser, RevokeReason, UserUpdate } from '../../platform/db/schema.js';
import { grantDefaultFunctions } from '../team-function/team-function.repo.js';
import { firstCurrentMembership, membershipsOfUser } from '../team/membership.js';

/** SQL of sign-in: users, sessions, SMS codes and captchas. */
export function createAuthRepo(db: Kysely<Database>) {
  return {
    findUserByAccount(account: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(account)`, '=', account.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    findUserByPhone(phone: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('phone', '=', phone)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    findUserById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    },
    async insertUser(user: NewUser) {
      const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    updateUser(id: number, update: UserUpdate) {
      return db
        .updateTable('users')
        .set({ ...update, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
    async insertTeamWithOwner(team: { name: string; ownerId: number; memberMax: number; volumeMaxGb: number }) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('teams')
          .values({
            name: team.name,
            owner_id: team.ownerId,
            member_max: team.memberMax,
            volume_max_gb: team.volumeMaxGb,
            updated_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('team_members')
          .values({ team_id: id, user_id: team.ownerId, role_code: 'ROLE_TEAM_OWNER', member_type: 'full' })
          .execute();
        await trx.updateTable('users').set({ current_team_id: id }).where('id', '=', team.ownerId).execute();
        await grantDefaultFunctions(trx, id);
        return id;
      });
    },
    findMembership(userId: number, teamId: number) {
      return membershipsOfUser(db, userId).where('team_members.team_id', '=', teamId).executeTakeFirst();
    },
    findFirstMembership(userId: number) {
      return firstCurrentMembership(db, userId);
    },
    findActiveSession(userId: number, clientType: ClientType) {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_type', '=', clientType)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },
    findSessionByTokenHash(tokenHash: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.client_type',
          'sessions.last_seen_at',
          'sessions.revoked_at',
          'sessions.revoke_reason',
          'users.status',
          'users.current_team_id',
          'users.deleted_at',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    async insertSession(session: { tokenHash: string; userId: number; clientType: ClientType }) {
      const row = await db
        .insertInto('sessions')
        .values({
          token_hash: session.tokenHash,
          user_id: session.userId,
          client_type: session.clientType,
          status: 'active',
          last_seen_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    revokeSessions(filter: { sessionId?: number; userId?: number; exceptSessionId?: number }, reason: RevokeReason) {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: new Date(), revoke_reason: reason })
        .where('revoked_at', 'is', null);
      if (filter.sessionId !== undefined) query = query.where('id', '=', filter.sessionId);
      if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
      if (filter.exceptSessionId !== undefined) query = query.where('id', '!=', filter.exceptSessionId);
      return query.returning(['id', 'user_id']).execute();
    },
    touchSession(sessionId: number, status?: 'active' | 'away') {
      return db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(), ...(status ? { status } : {}) })
        .where('id', '=', sessionId)
        .execute();
    },
    async countSmsSince(phone: string, since: Date) {
      const row = await db
        .selectFrom('sms_codes')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('phone', '=', phone)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    insertSmsCode(code: { phone: string; scene: string; codeHash: string; expiresAt: Date }) {
      return db
        .insertInto('sms_codes')
        .values({ phone: code.phone, scene: code.scene, code_hash: code.codeHash, expires_at: code.expiresAt })
        .execute();
    },
    findLatestSmsCode(phone: string, scene: string) {
      return db
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone', '=', phone)
        .where('scene', '=', scene)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    updateSmsCode(id: number, update: { attempts?: number; consumed_at?: Date }) {
      return db.updateTable('sms_codes').set(update).where('id', '=', id).execute();
    },
    insertCaptcha(captcha: { id: string; answerHash: string; expiresAt: Date }) {
      return db
        .insertInto('captchas')
        .values({ id: captcha.id, answer_hash: captcha.answerHash, expires_at: captcha.expiresAt })
        .execute();
    },
    /** Removes the captcha whatever the answer: each image allows one try. */
    takeCaptcha(id: string) {
      return db.deleteFrom('captchas').where('id', '=', id).returning(['answer_hash', 'expires_at']).executeTakeFirst();
    },
    purgeExpired() {
      return Promise.all([
        db.deleteFrom('captchas').where('expires_at', '<', new Date()).execute(),
        db
          .deleteFrom('sms_codes')
          .where('created_at', '<', new Date(Date.now() - 2 * 24 * 3600 * 1000))
          .execute(),
      ]);
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
