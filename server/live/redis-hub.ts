import type { RedisConnection } from '../lib/redis-connection';
import { createLocalHub, type LiveHub } from './live-hub';

const CHANNEL = 'live';

/**
 * Live events fanned out through Redis pub/sub: an event published on any process reaches the
 * open streams of its member on every process, exactly once each (this process's streams at
 * once, the others' through the channel; the publisher skips its own echo). While Redis is
 * unreachable an event reaches the streams of the process that published it only.
 */
export function createRedisHub(redis: RedisConnection): LiveHub {
  const local = createLocalHub();
  redis.listen(CHANNEL, (payload) => {
    let message: { origin?: unknown; userId?: unknown; event?: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (message.origin === redis.origin || !Number.isSafeInteger(message.userId) || typeof message.event !== 'object' || !message.event) return;
    local.publish(message.userId as number, message.event as Parameters<LiveHub['publish']>[1]);
  });
  return {
    publish(userId, event) {
      local.publish(userId, event);
      void redis.publish(CHANNEL, JSON.stringify({ origin: redis.origin, userId, event }));
    },
    subscribe: local.subscribe,
    size: local.size,
  };
}
