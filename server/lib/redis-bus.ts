import { ALL, localListeners, TOPICS, type InvalidationBus, type InvalidationTopic } from './invalidation-bus';
import type { RedisConnection } from './redis-connection';

const CHANNEL = 'invalidate';

/**
 * The invalidation bus shared by every process on one Redis. A message reaches each process's
 * listeners exactly once: the publisher's own at once (its caches are clean before the write
 * answers), the others' through the channel (the publisher skips its own echo). When the link
 * drops or comes back, every cache of this process is emptied: messages in between were missed.
 */
export function createRedisBus(redis: RedisConnection): InvalidationBus {
  const local = localListeners();
  redis.listen(CHANNEL, (payload) => {
    let message: { origin?: unknown; topic?: unknown; key?: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (message.origin === redis.origin) return;
    if (!TOPICS.includes(message.topic as InvalidationTopic) || typeof message.key !== 'string') return;
    local.deliver(message.topic as InvalidationTopic, message.key);
  });
  redis.onChange(() => {
    for (const topic of TOPICS) local.deliver(topic, ALL);
  });
  return {
    async publish(topic, key) {
      local.deliver(topic, key);
      await redis.publish(CHANNEL, JSON.stringify({ origin: redis.origin, topic, key }));
    },
    subscribe: local.add,
    reliable: redis.up,
  };
}
