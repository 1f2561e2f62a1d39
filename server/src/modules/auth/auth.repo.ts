import { sql, type Kysely } from 'kysely';
import { LIMITS, type ClientType } from '@sightline/shared';
import type { Database, NewUser, RevokeReason, UserUpdate } from '../../platform/db/schema.js';
import { grantDefaultFunctions } from '../team-function/team-function.repo.js';
import { addMember, firstCurrentMembership, membershipOf, shareCurrentTeam } from '../team/membership.js';

/**
 * Whose wrong passwords a login try counts against: the account when one has the name typed, else that
 * name itself, so that unknown names lock like known ones.
 */
export type LoginTarget = { userId: number } | { name: string };

function loginKey(target: LoginTarget): string {
  return 'userId' in target ? `user:${target.userId}` : `name:${target.name}`;
}

/** SQL of sign-in: users, sessions, SMS codes, login tries and captchas. */
export function createAuthRepo(db: Kysely<Database>) {
  /** A session with what deciding whether it still signs its user in needs. */
  const sessionWithUser = () =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id',
        'sessions.user_id',
        'sessions.client_type',
        'sessions.created_at',
        'sessions.last_seen_at',
        'sessions.revoked_at',
        'sessions.revoke_reason',
        'users.status',
        'users.current_team_id',
        'users.deleted_at',
      ]);
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
        await addMember(trx, { teamId: id, userId: team.ownerId, role: 'ROLE_TEAM_OWNER' });
        await trx.updateTable('users').set({ current_team_id: id }).where('id', '=', team.ownerId).execute();
        await grantDefaultFunctions(trx, id);
        return id;
      });
    },
    sharesTeam(userId: number, otherUserId: number) {
      return shareCurrentTeam(db, userId, otherUserId);
    },
    findMembership(userId: number, teamId: number) {
      return membershipOf(db, userId, teamId);
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
      return sessionWithUser().where('sessions.token_hash', '=', tokenHash).executeTakeFirst();
    },
    findSessionById(sessionId: number) {
      return sessionWithUser().where('sessions.id', '=', sessionId).executeTakeFirst();
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
    /**
     * Takes one of the tries of the phone's latest live code, checking the tries left in the same statement,
     * so parallel guesses cannot share a try; undefined when there is no live code or its tries are spent.
     * The conditions are repeated on the row itself because a parallel statement may have changed it
     * between the choice and the lock, and PostgreSQL re-checks only those.
     */
    takeSmsTry(phone: string, scene: string, maxTries: number) {
      const now = new Date();
      const latest = db
        .selectFrom('sms_codes')
        .select('id')
        .where('phone', '=', phone)
        .where('scene', '=', scene)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .limit(1);
      return db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', latest)
        .where('attempts', '<', maxTries)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['id', 'code_hash'])
        .executeTakeFirst();
    },
    /** Gives back a try that turned out to be the right code: only wrong codes spend a code's tries. */
    returnSmsTry(id: number) {
      return db
        .updateTable('sms_codes')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('id', '=', id)
        .execute();
    },
    /** Uses the code up; false when a parallel call used it first. */
    async consumeSmsCode(id: number) {
      const row = await db
        .updateTable('sms_codes')
        .set({ consumed_at: new Date() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * Counts a password try against the target and says whether it may be weighed, in one statement, so a
     * parallel burst cannot read the same count: the try is counted before the password is checked and
     * given back (`clearLoginFailures`) when it was right. Null while the target is locked; otherwise the
     * count with this try.
     */
    async takeLoginTry(target: LoginTarget, limit: { maxFailures: number; windowStart: Date }) {
      const now = new Date();
      const row = await db
        .insertInto('login_attempts')
        .values({ key: loginKey(target), failed_count: 1, last_failed_at: now })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet((eb) => ({
              failed_count: eb
                .case()
                .when('login_attempts.last_failed_at', '>', limit.windowStart)
                .then(eb('login_attempts.failed_count', '+', 1))
                .else(1)
                .end(),
              last_failed_at: now,
            }))
            .where((eb) =>
              eb.or([
                eb('login_attempts.last_failed_at', '<=', limit.windowStart),
                eb('login_attempts.failed_count', '<', limit.maxFailures),
              ]),
            ),
        )
        .returning('failed_count')
        .executeTakeFirst();
      return row?.failed_count ?? null;
    },
    /** When the target's last counted try was, to tell a locked-out user how long the lock lasts. */
    async lastLoginFailure(target: LoginTarget) {
      const row = await db
        .selectFrom('login_attempts')
        .select('last_failed_at')
        .where('key', '=', loginKey(target))
        .executeTakeFirst();
      return row?.last_failed_at;
    },
    clearLoginFailures(target: LoginTarget) {
      return db.deleteFrom('login_attempts').where('key', '=', loginKey(target)).execute();
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
        // Tries of names nobody has would otherwise pile up; a window's worth is all that counts.
        db
          .deleteFrom('login_attempts')
          .where('last_failed_at', '<', new Date(Date.now() - LIMITS.login.windowMs))
          .execute(),
        db
          .deleteFrom('sms_codes')
          .where('created_at', '<', new Date(Date.now() - 2 * 24 * 3600 * 1000))
          .execute(),
      ]);
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
