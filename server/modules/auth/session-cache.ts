import type { InvalidationBus } from '../../lib/invalidation-bus';
import { ALL } from '../../lib/invalidation-bus';
import { hashToken } from '../../lib/tokens';
import type { UserRow } from '../users/users.repo';
import type { SessionsRepo } from './sessions.repo';

type Entry = { sessionId: number; user: UserRow; expiresAt: number; lastSeenAt: number; cachedUntil: number };
type Found = NonNullable<Awaited<ReturnType<SessionsRepo['findUser']>>>;

/** A session answered from memory, without a promise: most requests of a signed-in member. */
export type HeldSession = { sessionId: number; user: UserRow; lastSeenAt: number };
export type CachedSessions = SessionsRepo & {
  /** The session behind `token` if this process holds it fresh, else undefined (then `findUser`). */
  held(token: string): HeldSession | undefined;
};

/**
 * Sessions looked up in process (token hash → member), so a request does not pay a database
 * round trip to learn who is asking. Every path that ends a session or changes the member
 * publishes on the bus, and the entry is gone before that write answers: logout, password
 * change and reset, and any write to the member's row (status, profile, preferences). With
 * REDIS_URL the bus reaches every app process, so a logout on one ends the session on all; while
 * Redis is unreachable (`bus.reliable()` false) every lookup goes to the database instead.
 */
export function createCachedSessions(repo: SessionsRepo, bus: InvalidationBus, opts: { ttlMs?: number; max?: number } = {}): CachedSessions {
  const ttlMs = opts.ttlMs ?? 60_000;
  const max = opts.max ?? 10_000;
  const byHash = new Map<string, Entry>();
  const hashesByUser = new Map<number, Set<string>>();
  // Bumped by every invalidation: a lookup that started before one must not store what it
  // read, or a session ended meanwhile (logout, password change) would live on until the TTL.
  let generation = 0;
  // The lookup in flight per token hash: a page's burst of requests (its thumbnails, its calls)
  // after the entry expired asks the database once. An invalidation forgets them all, so a
  // request that starts after a logout never shares a lookup that read the row before it.
  const pending = new Map<string, Promise<Found | null>>();
  // The hash of each token seen lately, so a member's every request does not hash it again. It
  // holds no more than the requests themselves carry, and never decides anything: a token whose
  // session ended finds no entry under its hash.
  const hashes = new Map<string, string>();
  function hashOf(token: string): string {
    let hash = hashes.get(token);
    if (hash === undefined) {
      hash = hashToken(token);
      if (hashes.size >= max) hashes.clear();
      hashes.set(token, hash);
    }
    return hash;
  }
  function fresh(hash: string, now: number): Entry | undefined {
    const hit = byHash.get(hash);
    if (hit && hit.cachedUntil > now && hit.expiresAt > now) return hit;
    if (hit) drop(hash);
    return undefined;
  }

  function drop(hash: string): void {
    const entry = byHash.get(hash);
    if (!entry) return;
    byHash.delete(hash);
    hashesByUser.get(entry.user.id)?.delete(hash);
  }
  bus.subscribe('session', (hash) => {
    generation += 1;
    pending.clear();
    drop(hash);
  });
  bus.subscribe('user', (userId) => {
    generation += 1;
    pending.clear();
    if (userId === ALL) {
      byHash.clear();
      hashesByUser.clear();
      return;
    }
    for (const hash of hashesByUser.get(Number(userId)) ?? []) byHash.delete(hash);
    hashesByUser.delete(Number(userId));
  });

  function shared(hash: string, lookup: Promise<Found | null>): Promise<Found | null> {
    pending.set(hash, lookup);
    const forget = () => void (pending.get(hash) === lookup && pending.delete(hash));
    lookup.then(forget, forget);
    return lookup;
  }

  async function lookUp(token: string, hash: string, now: number): Promise<Found | null> {
    const startedAt = generation;
    const found = await repo.findUser(token);
    // Unknown tokens are not remembered: a client trying random tokens must not fill memory.
    if (!found || startedAt !== generation) return found;
    if (byHash.size >= max) drop(byHash.keys().next().value!);
    byHash.set(hash, { sessionId: found.sessionId, user: found.user, expiresAt: found.expiresAt.getTime(), lastSeenAt: found.lastSeenAt.getTime(), cachedUntil: now + ttlMs });
    let hashes = hashesByUser.get(found.user.id);
    if (!hashes) hashesByUser.set(found.user.id, (hashes = new Set()));
    hashes.add(hash);
    return found;
  }

  return {
    ...repo,
    held(token) {
      return bus.reliable() ? fresh(hashOf(token), Date.now()) : undefined;
    },
    async findUser(token) {
      if (!bus.reliable()) return repo.findUser(token);
      const hash = hashOf(token);
      const now = Date.now();
      const hit = fresh(hash, now);
      if (hit) return { sessionId: hit.sessionId, user: hit.user, expiresAt: new Date(hit.expiresAt), lastSeenAt: new Date(hit.lastSeenAt) };
      return pending.get(hash) ?? shared(hash, lookUp(token, hash, now));
    },
    async delete(token) {
      await repo.delete(token);
      await bus.publish('session', hashToken(token));
    },
    async deleteOwned(userId, id) {
      const hash = await repo.deleteOwned(userId, id);
      if (hash) await bus.publish('session', hash);
      return hash;
    },
    async deleteAllForUser(userId, exceptSessionId) {
      await repo.deleteAllForUser(userId, exceptSessionId);
      await bus.publish('user', String(userId));
    },
  };
}
