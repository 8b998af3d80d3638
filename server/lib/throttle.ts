import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * One counter family: `points` per `durationSeconds`, keyed by the caller. The store is
 * rate-limiter-flexible's, so a RateLimiterRedis (same interface) can replace the in-memory
 * one when several app processes must share their counters.
 */
export type CounterOptions = { keyPrefix: string; points: number; durationSeconds: number };
export type CounterStore = (opts: CounterOptions) => RateLimiterAbstract;

/** Counters in this process; enough for one server. */
export function memoryCounters(): CounterStore {
  return function createCounter(opts) {
    return new RateLimiterMemory({ keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.durationSeconds });
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
