/**
 * Which sign-ins may use the last share of the argon2 budget: `trusted` ones (a device or address
 * that signed in to the account before) may take every token; `open` ones leave `reserve` tokens
 * for them, so a crowd of strangers cannot take the whole budget from the owners.
 */
export type HashLane = 'trusted' | 'open';

export type HashGate = {
  /** Takes one argon2 turn, waiting up to `maxWaitMs`; false when none came in time. */
  acquire(lane: HashLane): Promise<boolean>;
};

/**
 * A cap on the argon2 work the whole process does per second: a token bucket of `perSecond`
 * tokens refilled continuously. Every password check and hash takes a token. A caller waits for
 * one at most `maxWaitMs`; past that it is refused (429), so a flood queues neither CPU work nor
 * sockets without bound. Per process on purpose: it protects this process's CPU.
 */
export function createHashGate(opts: { perSecond: number; maxWaitMs?: number; now?: () => number }): HashGate {
  const now = opts.now ?? Date.now;
  const maxWaitMs = opts.maxWaitMs ?? 2_000;
  const capacity = opts.perSecond;
  const reserve = Math.floor(capacity / 4);
  let tokens = capacity;
  let refilledAt = now();

  function refill(): void {
    const t = now();
    tokens = Math.min(capacity, tokens + ((t - refilledAt) / 1000) * opts.perSecond);
    refilledAt = t;
  }

  return {
    async acquire(lane) {
      const floor = lane === 'trusted' ? 0 : reserve;
      const until = now() + maxWaitMs;
      for (;;) {
        refill();
        if (tokens - 1 >= floor) {
          tokens -= 1;
          return true;
        }
        const waitMs = Math.ceil(((floor + 1 - tokens) / opts.perSecond) * 1000);
        if (now() + waitMs > until) return false;
        // Several waiters may wake together; each re-checks the bucket, the losers wait again.
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    },
  };
}
