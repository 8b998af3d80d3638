import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { createLiveHub, type LiveHub } from './live/live-hub';
import { createMemoryFanOut, createRedisFanOut } from './lib/fan-out';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation-bus';
import { connectRedis } from './lib/redis-connection';
import { createMemoryCounters, createMemoryTurns, createRedisCounters, createRedisTurns, type CounterStore, type TurnStore } from './lib/throttle';

/** What several processes must agree on: cache invalidations, throttle counters, live events. */
export type SharedState = {
  bus: InvalidationBus;
  counters: CounterStore;
  turns: TurnStore;
  live: LiveHub;
  /** Asks Redis for an answer (/readyz); absent without REDIS_URL. */
  ping?: () => Promise<unknown>;
  close(): Promise<void>;
};

/**
 * Where memory or Redis is chosen, for main.ts and worker.ts: in this process's memory without
 * REDIS_URL (one server); through Redis with it, the bus and the live hub sharing one fan-out
 * (server/lib/fan-out.ts). Waits up to `waitMs` for Redis at start-up and starts anyway when it
 * is down (logged; the caches are bypassed until it is reachable), so a Redis outage never keeps
 * the app from serving.
 */
export async function openSharedState(config: Config, log: FastifyBaseLogger, waitMs = 5000): Promise<SharedState> {
  if (!config.redisUrl) {
    const fanOut = createMemoryFanOut();
    return { bus: createInvalidationBus(fanOut), counters: createMemoryCounters(), turns: createMemoryTurns(), live: createLiveHub(fanOut), close: async () => {} };
  }
  const redis = connectRedis(config.redisUrl, { prefix: config.redisPrefix, log });
  const fanOut = createRedisFanOut(redis);
  const shared = { bus: createInvalidationBus(fanOut), counters: createRedisCounters(redis), turns: createRedisTurns(redis), live: createLiveHub(fanOut), ping: () => redis.commands.ping(), close: redis.close };
  if (!(await redis.ready(waitMs))) log.error('redis not reachable at start-up; serving without it until it is');
  return shared;
}
