import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnection } from './redis-connection';

/**
 * One counter family: `points` per `durationSeconds`, keyed by the caller. The store is
 * rate-limiter-flexible's, so a RateLimiterRedis (same interface) can replace the in-memory
 * one when several app processes must share their counters.
 */
export type CounterOptions = { keyPrefix: string; points: number; durationSeconds: number };
export type CounterStore = (opts: CounterOptions) => RateLimiterAbstract;

/** Counters in this process; enough for one server. */
export function createMemoryCounters(): CounterStore {
  return function createCounter(opts) {
    return new RateLimiterMemory({ keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.durationSeconds });
  };
}

/**
 * Counters in Redis, shared by every app process: five failures on one process and five on
 * another make ten. While Redis is unreachable each counter falls back to one in this process
 * (the library's insurance limiter) instead of failing the request or waiting.
 */
export function createRedisCounters(redis: RedisConnection): CounterStore {
  const local = createMemoryCounters();
  return function createCounter(opts) {
    return new RateLimiterRedis({
      storeClient: redis.commands,
      rejectIfRedisNotReady: true,
      keyPrefix: `${redis.prefix}rl:${opts.keyPrefix}`,
      points: opts.points,
      duration: opts.durationSeconds,
      insuranceLimiter: local(opts),
    });
  };
}

/** A consume over the budget: when the key may try again. */
export type Refusal = { retryAfterMs: number };

/**
 * Spends one point of `key`; a refusal answers how long until the key may try again. The
 * library rejects with a RateLimiterRes when over budget and with an Error when its store
 * fails; only the first is a refusal.
 */
export async function spend(counter: RateLimiterAbstract, key: string, points = 1): Promise<Refusal | null> {
  try {
    await counter.consume(key, points);
    return null;
  } catch (err) {
    if (err instanceof RateLimiterRes) return { retryAfterMs: err.msBeforeNext };
    throw err;
  }
}

/** Points already spent by `key` in its current window (0 when it has none). */
export async function spent(counter: RateLimiterAbstract, key: string): Promise<number> {
  const res = await counter.get(key);
  return res?.consumedPoints ?? 0;
}

/**
 * Attempts on one key that take turns `delayMs` apart: `take` books the next turn and answers
 * how long to wait for it, or refuses when that turn is more than `maxWaitMs` away.
 */
export type TurnStore = {
  take(key: string, delayMs: number, maxWaitMs: number): Promise<{ waitMs: number } | Refusal>;
  clear(key: string): Promise<void>;
};

/** Turns kept in this process. */
export function createMemoryTurns(): TurnStore {
  const nextTurn = new Map<string, number>();
  return {
    async take(key, delayMs, maxWaitMs) {
      const now = Date.now();
      const turn = Math.max(now, nextTurn.get(key) ?? 0);
      if (turn - now > maxWaitMs) return { retryAfterMs: turn - now };
      if (nextTurn.size > 10_000) for (const [k, at] of nextTurn) if (at < now) nextTurn.delete(k);
      nextTurn.set(key, turn + delayMs);
      return { waitMs: turn - now };
    },
    async clear(key) {
      nextTurn.delete(key);
    },
  };
}

// Redis's clock, not each process's: turns booked on two machines line up.
const TAKE_TURN = `
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
if turn - now > tonumber(ARGV[2]) then return -(turn - now) end
redis.call('SET', KEYS[1], turn + ARGV[1], 'PX', turn + ARGV[1] - now + 1000)
return turn - now`;

/** Turns shared by every app process; in this process while Redis is unreachable. */
export function createRedisTurns(redis: RedisConnection): TurnStore {
  const local = createMemoryTurns();
  const key = (k: string) => `${redis.prefix}turn:${k}`;
  return {
    async take(k, delayMs, maxWaitMs) {
      if (redis.commands.status === 'ready') {
        try {
          const ms = Number(await redis.commands.eval(TAKE_TURN, 1, key(k), String(delayMs), String(maxWaitMs)));
          return ms < 0 ? { retryAfterMs: -ms } : { waitMs: ms };
        } catch {
          // Fall through to this process's turns, like the counters' insurance limiter.
        }
      }
      return local.take(k, delayMs, maxWaitMs);
    },
    async clear(k) {
      await Promise.all([local.clear(k), redis.commands.status === 'ready' ? redis.commands.del(key(k)).catch(() => 0) : null]);
    },
  };
}
