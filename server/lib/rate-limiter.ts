/**
 * Fixed-window counters behind a small interface, so the Redis-backed one of the scale-out
 * issue can replace this in-memory one without touching the callers.
 */
export type RateLimiter = {
  hit(key: string, max: number, windowMs: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  reset(key: string): Promise<void>;
};

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, max, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= max, retryAfterMs: w.resetAt - now };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}
