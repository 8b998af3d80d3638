import { describe, expect, it, vi } from 'vitest';
import { createRedisFanOut } from './fan-out';
import type { RedisConnection } from './redis-connection';

/** A Redis stand-in whose PUBLISH answers before the subscribers get the message, as Redis may. */
function fakeRedis(origin: string) {
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const inFlight: (() => void)[] = [];
  const redis = {
    origin,
    up: () => true,
    listen(channel: string, handler: (payload: string) => void) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    async publish(channel: string, payload: string) {
      inFlight.push(() => handlers.get(channel)?.forEach((h) => h(payload)));
      return true;
    },
    onChange() {},
  } as unknown as RedisConnection;
  return { redis, handlers, deliverAll: () => inFlight.splice(0).forEach((d) => d()) };
}

describe('the Redis fan-out', () => {
  it('a send resolves only once its own echo came back, and other processes get the message without its envelope', async () => {
    const link = fakeRedis('me');
    const mine: unknown[] = [];
    const send = createRedisFanOut(link.redis).channel<{ key: string }>('c', (m) => mine.push(m), () => true);
    let done = false;
    const sending = send({ key: 'k' }).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(mine).toEqual([{ key: 'k' }]);
    expect(done).toBe(false);
    // Another process on the same channel sees the message as the sender made it.
    const theirs: unknown[] = [];
    link.handlers.get('c')!.push((payload) => theirs.push(JSON.parse(payload)));
    link.deliverAll();
    await sending;
    expect(done).toBe(true);
    expect(mine).toEqual([{ key: 'k' }]);
    expect(theirs).toEqual([expect.objectContaining({ origin: 'me', key: 'k' })]);
  });

  it('a message from another process reaches the listeners when accepted; an echo never does', async () => {
    const link = fakeRedis('me');
    const got: unknown[] = [];
    createRedisFanOut(link.redis).channel<{ key: string }>('c', (m) => got.push(m), (m) => typeof m.key === 'string');
    const [handler] = link.handlers.get('c')!;
    handler(JSON.stringify({ origin: 'other', seq: 4, key: 'x' }));
    handler(JSON.stringify({ origin: 'other', seq: 5, key: 7 }));
    handler(JSON.stringify({ origin: 'me', seq: 9, key: 'y' }));
    expect(got).toEqual([{ key: 'x' }]);
  });

  it('a send whose echo never comes resolves after a second, and one Redis refused, or sent while the subscriber is down, resolves at once', async () => {
    vi.useFakeTimers();
    try {
      const link = fakeRedis('me');
      const send = createRedisFanOut(link.redis).channel<{ key: string }>('c', () => {}, () => true);
      let done = false;
      void send({ key: 'k' }).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(done).toBe(true);
      link.redis.publish = async () => false;
      await send({ key: 'k' });
      // Sent, but this process's subscriber is down: no echo will come, so none is awaited.
      link.redis.publish = async () => true;
      link.redis.up = () => false;
      await send({ key: 'k' });
    } finally {
      vi.useRealTimers();
    }
  });
});
