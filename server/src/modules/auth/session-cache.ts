import type { TableWrites, WrittenTables } from '../../platform/db/table-writes.js';
import { EVERY_PROCESS, type EventBus } from '../../platform/events/event-bus.js';
import { MEMBERSHIP_TABLES } from '../team/membership.js';
import type { AuthRepo } from './auth.repo.js';

/**
 * How long a looked-up session, membership or user may serve calls. Every write this process makes to the tables
 * they come from drops them at once (a logout, a forced login, a password change, a disabled or deleted
 * account, a role change, a removal, a team switch); the lifetime only bounds what another process changed.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** The event by which processes sharing a database tell each other which tables one of them wrote. */
const TABLES_WRITTEN = 'tablesWritten';
const MAX_ENTRIES = 10_000;

/**
 * Rows read for a short while, dropped whenever one of `tables` is written. A read that started before such a
 * write is not kept, since it may have seen the rows from before it.
 */
class LookupCache<V extends object> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private generation = 0;

  constructor(
    readonly tables: readonly string[],
    private readonly ttlMs: number,
  ) {}

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const generation = this.generation;
    const value = await load();
    // Unknown keys are not kept, so made-up tokens cannot fill the cache.
    if (value === undefined || generation !== this.generation) return value;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    // Callers share the row, so none may change it for the others.
    this.entries.set(key, { value: Object.freeze(value), expiresAt: now + this.ttlMs });
    return value;
  }
}

/**
 * `repo` with the lookups every signed-in call makes (its session with its user, the membership of the user's
 * current team, the user's own row) served from memory between writes to their tables, so that a call costs no
 * query to find out who is calling and what they may do, and the web's bootstrap call none to show who it is.
 */
export function cacheSessionLookups(
  repo: AuthRepo,
  writes: TableWrites,
  options: {
    /**
     * The bus shared with the other processes on the database (API processes beside a worker): a write made in
     * one drops the others' entries as soon as its notice arrives, instead of after the lifetime.
     */
    peers?: EventBus;
    ttlMs?: number;
  } = {},
): { repo: AuthRepo; close: () => void } {
  const { peers, ttlMs = SESSION_CACHE_TTL_MS } = options;
  type Session = NonNullable<Awaited<ReturnType<AuthRepo['findSessionByTokenHash']>>>;
  type Membership = NonNullable<Awaited<ReturnType<AuthRepo['findMembership']>>>;
  type User = NonNullable<Awaited<ReturnType<AuthRepo['findUserById']>>>;
  const sessionsByToken = new LookupCache<Session>(['sessions', 'users'], ttlMs);
  const sessionsById = new LookupCache<Session>(['sessions', 'users'], ttlMs);
  const memberships = new LookupCache<Membership>(MEMBERSHIP_TABLES, ttlMs);
  const users = new LookupCache<User>(['users'], ttlMs);
  const caches = [sessionsByToken, sessionsById, memberships, users];
  const clearAfter = (tables: WrittenTables): boolean => {
    let cleared = false;
    for (const cache of caches) {
      if (tables === 'any' || cache.tables.some((table) => tables.has(table))) {
        cache.clear();
        cleared = true;
      }
    }
    return cleared;
  };
  const unsubscribeWrites = writes.subscribe((tables) => {
    if (clearAfter(tables) && peers) {
      peers.publish({ userId: EVERY_PROCESS, name: TABLES_WRITTEN, value: tables === 'any' ? 'any' : [...tables] });
    }
  });
  const unsubscribePeers = peers?.subscribe(EVERY_PROCESS, (event) => {
    if (event.name !== TABLES_WRITTEN) return;
    clearAfter(Array.isArray(event.value) ? new Set(event.value as string[]) : 'any');
  });
  const unsubscribe = () => {
    unsubscribeWrites();
    unsubscribePeers?.();
  };
  return {
    repo: {
      ...repo,
      findSessionByTokenHash: (tokenHash) =>
        sessionsByToken.get(tokenHash, () => repo.findSessionByTokenHash(tokenHash)),
      findSessionById: (sessionId) => sessionsById.get(String(sessionId), () => repo.findSessionById(sessionId)),
      findUserById: (userId) => users.get(String(userId), () => repo.findUserById(userId)),
      findMembership: (userId, teamId) =>
        memberships.get(`${userId}:${teamId}`, () => repo.findMembership(userId, teamId)),
    },
    close: unsubscribe,
  };
}
