import svgCaptcha from 'svg-captcha';
import {
  AppError,
  LIMITS,
  permissionsFor,
  type ClientType,
  type Deployment,
  type Language,
  type RoleCode,
  type SmsScene,
  type UserInfo,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import {
  dummyPasswordHash,
  hashPassword,
  randomDigits,
  randomToken,
  sha256,
  verifyPassword,
} from '../../platform/auth/tokens.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { SmsProvider } from '../../platform/sms/sms-provider.js';
import type { UserRow } from '../../platform/db/schema.js';
import { hasLapsed } from '../team/membership.js';
import type { AuthRepo, LoginTarget } from './auth.repo.js';
import { SESSION_END_REASON_OF, endSessions, replacePassword } from './sessions.js';

const SESSION_TOUCH_MS = 60 * 1000;
const SMS_MAX_ATTEMPTS = 5;

export interface AuthServiceDeps {
  repo: AuthRepo;
  bus: EventBus;
  sms: SmsProvider;
  settings: {
    smsCaptcha: boolean;
    deployment: Deployment;
    projectVersion: string;
    storage: { ip: string; port: number };
    newTeam: { memberMax: number; volumeMaxGb: number };
    /**
     * A session unused for `idleMs` is over, whatever its client; so is one older than `maxAgeMs`, however busy,
     * so that a token someone took keeps working for a bounded time at most.
     */
    sessions: { idleMs: number; maxAgeMs: number };
  };
}

type SessionRow = NonNullable<Awaited<ReturnType<AuthRepo['findSessionById']>>>;

export function createAuthService({ repo, bus, sms, settings }: AuthServiceDeps) {
  // Made now rather than on the first unknown name, which would otherwise take the time of two hashes.
  void dummyPasswordHash();

  function withinLifetime(session: { created_at: Date; last_seen_at: Date }): boolean {
    const now = Date.now();
    return (
      now - session.last_seen_at.getTime() <= settings.sessions.idleMs &&
      now - session.created_at.getTime() <= settings.sessions.maxAgeMs
    );
  }

  /**
   * The caller of a session, or null when it is logged out, idle too long or past its lifetime. A session
   * someone else ended is LOGIN_FAILURE with the reason, so a page that missed the forceOffline event still
   * tells its user why.
   */
  async function callerOf(session: SessionRow): Promise<AuthContext | null> {
    if (session.deleted_at) return null;
    if (session.revoked_at) {
      if (session.revoke_reason === null || session.revoke_reason === 'logout') return null;
      throw new AppError('LOGIN_FAILURE', { data: { reason: SESSION_END_REASON_OF[session.revoke_reason] } });
    }
    if (!withinLifetime(session)) return null;
    if (session.status !== 'active') throw new AppError('USER_ACCOUNT_ABNORMALITY');
    if (Date.now() - session.last_seen_at.getTime() > SESSION_TOUCH_MS) await repo.touchSession(session.id);
    const team = await resolveTeam({ id: session.user_id, current_team_id: session.current_team_id });
    const role = team.role as RoleCode | null;
    return {
      userId: session.user_id,
      sessionId: session.id,
      clientType: session.client_type,
      teamId: team.teamId,
      role,
      permissions: role ? permissionsFor(role, settings.deployment) : [],
    };
  }

  async function resolveTeam(user: Pick<UserRow, 'id' | 'current_team_id'>) {
    if (user.current_team_id !== null) {
      const membership = await repo.findMembership(user.id, user.current_team_id);
      if (membership && !hasLapsed(membership)) {
        return { teamId: user.current_team_id, teamName: membership.team_name, role: membership.role_code };
      }
    }
    // The current team is gone (removed, or a temporary membership ran out): fall back to another.
    const fallback = await repo.findFirstMembership(user.id);
    if (!fallback) return { teamId: null, teamName: null, role: null };
    await repo.updateUser(user.id, { current_team_id: fallback.team_id });
    const membership = await repo.findMembership(user.id, fallback.team_id);
    return { teamId: fallback.team_id, teamName: membership?.team_name ?? null, role: fallback.role_code };
  }

  async function userInfo(user: UserRow): Promise<UserInfo> {
    const team = await resolveTeam(user);
    return {
      userId: user.id,
      account: user.account,
      phone: user.phone,
      name: user.name,
      email: user.email,
      position: user.position,
      organization: user.organization,
      headImgUrl: user.head_img_url,
      language: user.language,
      roleId: team.role as RoleCode | null,
      teamId: team.teamId,
      teamName: team.teamName,
      projectVersion: settings.projectVersion,
      lastLoginTime: user.last_login_at ? user.last_login_at.toISOString() : null,
      storage: settings.storage,
    };
  }

  /** A mainland number may be typed with its country code; accounts store it without. */
  function withoutCountryCode(phone: string): string {
    return phone.replace(/^\+?86(?=1\d{10}$)/, '');
  }

  /** The name a login try counts against when no account has it, in the form findLoginUser looks it up. */
  function loginName(input: { account?: string | undefined; phone?: string | undefined }): string {
    return withoutCountryCode(input.phone ?? input.account ?? '').toLowerCase();
  }

  async function findLoginUser(input: { account?: string | undefined; phone?: string | undefined }) {
    if (input.phone) return repo.findUserByPhone(withoutCountryCode(input.phone));
    if (!input.account) return undefined;
    // The account box also takes a phone number, as users expect.
    return (await repo.findUserByAccount(input.account)) ?? (await repo.findUserByPhone(input.account));
  }

  /**
   * Checks the latest code sent to the phone. The try is taken before the code is compared, so however many
   * guesses arrive at once, no more than SMS_MAX_ATTEMPTS are ever compared; a right code gives its try back
   * or, with `consume`, is used up (once: a parallel call with the same code fails).
   */
  async function verifySmsCode(phone: string, scene: SmsScene, code: string, consume: boolean): Promise<void> {
    const stored = await repo.takeSmsTry(phone, scene, SMS_MAX_ATTEMPTS);
    if (!stored || stored.code_hash !== sha256(code)) throw new AppError('USER_SMS_CODE_CHECK_FAIL');
    if (!consume) await repo.returnSmsTry(stored.id);
    else if (!(await repo.consumeSmsCode(stored.id))) throw new AppError('USER_SMS_CODE_CHECK_FAIL');
  }

  return {
    userInfo,

    /**
     * A user's name and avatar, for the user and their current team mates only. To anyone else a user who
     * exists answers as one who does not, so the call neither lists names nor confirms that an id is taken.
     */
    async userCard(caller: AuthContext | null, userId: number) {
      const visible = caller !== null && (caller.userId === userId || (await repo.sharesTeam(caller.userId, userId)));
      const user = visible ? await repo.findUserById(userId) : undefined;
      if (!user) throw new AppError('USER_NOT_EXISTING');
      return { userId: user.id, name: user.name, headImgUrl: user.head_img_url };
    },

    async userInfoById(userId: number): Promise<UserInfo> {
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('LOGIN_FAILURE');
      return userInfo(user);
    },

    async login(input: {
      account?: string | undefined;
      phone?: string | undefined;
      password: string;
      clientType: ClientType;
      force: boolean;
    }) {
      const user = await findLoginUser(input);
      // A name no account has is counted, locked and hashed against like an account, so neither the answer,
      // the lock nor the time taken tells whether the account exists.
      const target: LoginTarget = user ? { userId: user.id } : { name: loginName(input) };
      const windowStart = new Date(Date.now() - LIMITS.login.windowMs);
      if ((await repo.takeLoginTry(target, { maxFailures: LIMITS.login.maxFailures, windowStart })) === null) {
        const lastFailure = (await repo.lastLoginFailure(target))?.getTime() ?? Date.now();
        const minutes = Math.ceil((lastFailure + LIMITS.login.windowMs - Date.now()) / 60000);
        throw new AppError('USER_LOGIN_LOCKED', { params: { minutes: Math.max(1, minutes) } });
      }
      const passwordRight = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !passwordRight) throw new AppError('USER_OR_PASSWORD_ERROR');
      // The right password gives its try back at once, so a LOGIN_REPEATED answer or a disabled account
      // never counts towards the lock.
      await repo.clearLoginFailures(target);
      if (user.status !== 'active') throw new AppError('USER_ACCOUNT_ABNORMALITY');
      const existing = await repo.findActiveSession(user.id, input.clientType);
      if (existing && withinLifetime(existing)) {
        if (!input.force) throw new AppError('LOGIN_REPEATED');
        await endSessions({ repo, bus }, { sessionId: existing.id }, 'forced');
      } else if (existing) {
        await repo.revokeSessions({ sessionId: existing.id }, 'logout');
      }
      const token = randomToken();
      await repo.insertSession({ tokenHash: sha256(token), userId: user.id, clientType: input.clientType });
      await repo.updateUser(user.id, { last_login_at: new Date() });
      const info = await userInfo({ ...user, last_login_at: new Date() });
      return { ...info, token };
    },

    async logout(auth: AuthContext) {
      await repo.revokeSessions({ sessionId: auth.sessionId }, 'logout');
      bus.publish({ userId: auth.userId, sessionId: auth.sessionId, name: 'logout', value: null });
    },

    /** Resolves a bearer token to its caller (see callerOf), or null when it is unknown. */
    async authenticate(token: string | undefined): Promise<AuthContext | null> {
      if (!token) return null;
      const session = await repo.findSessionByTokenHash(sha256(token));
      return session ? callerOf(session) : null;
    },

    /** The caller of a session a signed file link names (see callerOf), or null when it is not the user's. */
    async authenticateSession(sessionId: number, userId: number): Promise<AuthContext | null> {
      const session = await repo.findSessionById(sessionId);
      return session?.user_id === userId ? callerOf(session) : null;
    },

    async captcha() {
      const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', background: '#f0f2f5' });
      const captchaId = randomToken(16);
      await repo.insertCaptcha({
        id: captchaId,
        answerHash: sha256(image.text.toLowerCase()),
        expiresAt: new Date(Date.now() + LIMITS.captchaTtlMs),
      });
      await repo.purgeExpired();
      return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}` };
    },

    async verifyCaptcha(captchaId: string | undefined, answer: string | undefined) {
      if (!captchaId || !answer) throw new AppError('INVALID_CODE_ERROR');
      const stored = await repo.takeCaptcha(captchaId);
      if (
        !stored ||
        stored.expires_at.getTime() < Date.now() ||
        stored.answer_hash !== sha256(answer.trim().toLowerCase())
      ) {
        throw new AppError('INVALID_CODE_ERROR');
      }
    },

    async sendSms(input: {
      phone: string;
      scene: SmsScene;
      captchaId?: string | undefined;
      captchaCode?: string | undefined;
    }) {
      if (settings.smsCaptcha) await this.verifyCaptcha(input.captchaId, input.captchaCode);
      const registered = Boolean(await repo.findUserByPhone(input.phone));
      if (input.scene === 'retrieve' && !registered) throw new AppError('USER_PHONE_NOT_EXISTING');
      // Only a registration is told to log in instead; a new phone of a signed-in user is simply taken.
      if (input.scene === 'register' && registered) throw new AppError('USER_PHONE_EXISTING');
      if (input.scene === 'phone' && registered) throw new AppError('USER_PHONE_IN_USE');
      const now = Date.now();
      if ((await repo.countSmsSince(input.phone, new Date(now - 60_000))) >= LIMITS.sms.perMinute) {
        throw new AppError('SEND_SMS_FAIL_MIN');
      }
      if ((await repo.countSmsSince(input.phone, new Date(now - 3600_000))) >= LIMITS.sms.perHour) {
        throw new AppError('SEND_SMS_FAIL_HOUR');
      }
      if ((await repo.countSmsSince(input.phone, new Date(now - 24 * 3600_000))) >= LIMITS.sms.perDay) {
        throw new AppError('SEND_SMS_FAIL_DAY');
      }
      const code = randomDigits(LIMITS.sms.codeLength);
      await repo.insertSmsCode({
        phone: input.phone,
        scene: input.scene,
        codeHash: sha256(code),
        expiresAt: new Date(now + LIMITS.sms.codeTtlMs),
      });
      await sms.send({ phone: input.phone, code, scene: input.scene });
    },

    async checkCode(input: { phone: string; code: string; scene: SmsScene }) {
      try {
        await verifySmsCode(input.phone, input.scene, input.code, false);
        return { valid: true };
      } catch {
        return { valid: false };
      }
    },

    async checkPhone(phone: string) {
      return { registered: Boolean(await repo.findUserByPhone(phone)) };
    },

    verifySmsCode,

    async register(input: {
      phone: string;
      smsCode: string;
      password: string;
      name: string;
      organization: string;
      position: string;
      language: Language;
    }) {
      if (await repo.findUserByPhone(input.phone)) throw new AppError('USER_PHONE_EXISTING');
      await verifySmsCode(input.phone, 'register', input.smsCode, true);
      const userId = await repo.insertUser({
        phone: input.phone,
        account: null,
        name: input.name,
        password_hash: await hashPassword(input.password),
        organization: input.organization,
        position: input.position,
        email: null,
        head_img_url: null,
        language: input.language,
        status: 'active',
        current_team_id: null,
        inviter_id: null,
        created_by_team_id: null,
        updated_at: new Date(),
      });
      // A new user gets a team of their own, so the product is usable at once; invitations add more.
      await repo.insertTeamWithOwner({ name: input.name, ownerId: userId, ...settings.newTeam });
      return { userId };
    },

    async retrieve(input: { phone: string; smsCode: string; password: string }) {
      const user = await repo.findUserByPhone(input.phone);
      if (!user) throw new AppError('USER_PHONE_NOT_EXISTING');
      await verifySmsCode(input.phone, 'retrieve', input.smsCode, true);
      await replacePassword({ repo, bus }, { userId: user.id, password: input.password });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
