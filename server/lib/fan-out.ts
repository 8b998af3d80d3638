import type { RedisConnection } from './redis-connection';

/** Delivers one message to this process's listeners. */
type Deliver<M> = (message: M) => void;

/**
 * How a message published in one process reaches the listeners of every process, exactly once
 * each: the publisher's own at once, the others' through a Redis channel (the publisher skips
 * its own echo). The invalidation bus (invalidation-bus.ts) and the live hub
 * (server/live/live-hub.ts) both send through one; which one (memory or Redis) is chosen where
 * the app is wired (server/shared-state.ts, docs/decisions/016-redis-and-scale-out.md).
 */
export type FanOut = {
  /**
   * Listens on `channel` and returns its send function. Sending calls `deliver` at once, then
   * tells the other processes, whose `deliver` gets the message if `accept` takes it (a message
   * from another process is checked, not trusted). Resolves once the message came back to this
   * process's own subscriber (Redis writes it to every subscriber before that), or could not be
   * sent, or after ECHO_WAIT_MS; never rejects unless `deliver` throws.
   */
  channel<M extends object>(channel: string, deliver: Deliver<M>, accept: (message: Record<string, unknown>) => boolean): (message: M) => Promise<void>;
  /** False while messages from other processes may be missed (Redis unreachable). Always true in one process. */
  reliable(): boolean;
  /** Called whenever `reliable()` changes: the messages in between may have been missed. */
  onChange(listener: () => void): void;
};

/** One process: a message reaches this process's listeners only. */
export function createMemoryFanOut(): FanOut {
  return {
    channel: (_channel, deliver) => async (message) => deliver(message),
    reliable: () => true,
    onChange: () => {},
  };
}

/**
 * How long a send waits for its own echo: a write's answer waits until the other processes'
 * subscribers were sent its invalidations, so the member's next request, wherever the balancer
 * sends it, finds the stale copy gone. Redis answers within milliseconds; the cap only bounds a
 * write's answer while the subscriber connection is breaking unnoticed (once noticed,
 * `reliable()` is false and no send waits).
 */
const ECHO_WAIT_MS = 1000;

/** Several processes on one Redis (REDIS_URL): a message is published on the channel as `{ origin, seq, ...message }`. */
export function createRedisFanOut(redis: RedisConnection): FanOut {
  return {
    channel<M extends object>(channel: string, deliver: Deliver<M>, accept: (message: Record<string, unknown>) => boolean) {
      // The sends of this channel waiting for their echo, by sequence number.
      const echoes = new Map<number, () => void>();
      let sent = 0;
      redis.listen(channel, (payload) => {
        let message: unknown;
        try {
          message = JSON.parse(payload);
        } catch {
          return;
        }
        if (typeof message !== 'object' || !message) return;
        const { origin, seq, ...rest } = message as Record<string, unknown>;
        if (origin === redis.origin) return void echoes.get(seq as number)?.();
        if (accept(rest)) deliver(rest as M);
      });
      return async (message: M) => {
        deliver(message);
        const seq = ++sent;
        let timer: NodeJS.Timeout | undefined;
        const echoed = new Promise<void>((resolve) => {
          echoes.set(seq, resolve);
          timer = setTimeout(resolve, ECHO_WAIT_MS);
        });
        try {
          // No echo comes while this process's subscriber is down: then nothing waits for it.
          if ((await redis.publish(channel, JSON.stringify({ origin: redis.origin, seq, ...message }))) && redis.up()) await echoed;
        } finally {
          clearTimeout(timer);
          echoes.delete(seq);
        }
      };
    },
    reliable: redis.up,
    onChange: (listener) => redis.onChange(() => listener()),
  };
}
