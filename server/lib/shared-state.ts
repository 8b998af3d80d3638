import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createLocalHub, type LiveHub } from '../live/live-hub';
import { createRedisHub } from '../live/redis-hub';
import { createLocalBus, type InvalidationBus } from './invalidation-bus';
import { connectRedis } from './redis-connection';
import { createRedisBus } from './redis-bus';
import { memoryCounters, memoryTurns, redisCounters, redisTurns, type CounterStore, type TurnStore } from './throttle';

/** What several processes must agree on: cache invalidations, throttle counters, live events. */
export type SharedState = { bus: InvalidationBus; counters: CounterStore; turns: TurnStore; live: LiveHub; close(): Promise<void> };

/**
 * In this process's memory without REDIS_URL (one server); through Redis with it. Waits up to
 * `waitMs` for Redis at start-up and starts anyway when it is down (logged; the caches are
 * bypassed until it is reachable), so a Redis outage never keeps the app from serving.
 */
export async function openSharedState(config: Config, log: FastifyBaseLogger, waitMs = 5000): Promise<SharedState> {
  if (!config.redisUrl) return { bus: createLocalBus(), counters: memoryCounters(), turns: memoryTurns(), live: createLocalHub(), close: async () => {} };
  const redis = connectRedis(config.redisUrl, { prefix: config.redisPrefix, log });
  const shared = { bus: createRedisBus(redis), counters: redisCounters(redis), turns: redisTurns(redis), live: createRedisHub(redis), close: redis.close };
  if (!(await redis.ready(waitMs))) log.error('redis not reachable at start-up; serving without it until it is');
  return shared;
}
