import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../lib/invalidation-bus';
import type { UserRow } from '../users/users.repo';
import { createCachedSessions } from './session-cache';
import type { SessionsRepo } from './sessions.repo';

type Found = Awaited<ReturnType<SessionsRepo['findUser']>>;

/** A repository whose lookups wait until the test answers them, counting each. */
function slowRepo() {
  const waiting: ((found: Found) => void)[] = [];
  const repo = { findUser: () => new Promise<Found>((resolve) => waiting.push(resolve)) } as unknown as SessionsRepo;
  return { repo, waiting };
}
const session = (id: number): Found => ({ sessionId: id, user: { id: 7, status: 'active' } as UserRow, expiresAt: new Date(Date.now() + 60_000), lastSeenAt: new Date() });

describe('cached sessions, lookups in flight', () => {
  it('ask the database once for a burst of requests with the same cookie, and remember the answer', async () => {
    const { repo, waiting } = slowRepo();
    const cached = createCachedSessions(repo, createLocalBus());
    const burst = Array.from({ length: 20 }, () => cached.findUser('token-a'));
    expect(waiting).toHaveLength(1);
    waiting[0](session(1));
    expect((await Promise.all(burst)).map((f) => f?.sessionId)).toEqual(Array(20).fill(1));
    expect(cached.held('token-a')?.sessionId).toBe(1);
    // Another cookie is another lookup.
    void cached.findUser('token-b');
    expect(waiting).toHaveLength(2);
  });

  it('never hand a request that starts after an invalidation the lookup that began before it', async () => {
    const { repo, waiting } = slowRepo();
    const bus = createLocalBus();
    const cached = createCachedSessions(repo, bus);
    const before = cached.findUser('token-a');
    await bus.publish('user', '7');
    const after = cached.findUser('token-a');
    expect(waiting).toHaveLength(2);
    waiting[0](session(1));
    waiting[1](null);
    expect((await before)?.sessionId).toBe(1);
    expect(await after).toBeNull();
    // The lookup that straddled the invalidation is not remembered.
    expect(cached.held('token-a')).toBeUndefined();
  });

  it('let a failed lookup fail every request that shared it, and the next one ask again', async () => {
    const { repo, waiting } = slowRepo();
    const cached = createCachedSessions(repo, createLocalBus());
    const failing = repo as unknown as { findUser: () => Promise<Found> };
    const original = failing.findUser;
    failing.findUser = () => Promise.reject(new Error('database unreachable'));
    const burst = [cached.findUser('token-a'), cached.findUser('token-a')];
    await expect(Promise.all(burst)).rejects.toThrow('database unreachable');
    failing.findUser = original;
    const retry = cached.findUser('token-a');
    expect(waiting).toHaveLength(1);
    waiting[0](session(2));
    expect((await retry)?.sessionId).toBe(2);
  });
});
