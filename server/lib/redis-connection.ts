import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

type MessageHandler = (payload: string) => void;

/**
 * One process's link to Redis (REDIS_URL): a command connection (PUBLISH, the throttle
 * counters) and a subscriber connection (a connection in subscribe mode runs nothing else).
 * Neither ever makes a caller wait on a dead server: no offline queue, a one-second command
 * timeout, and `up()` tells whether messages from the other processes are arriving. While it
 * is false the subscriber may have missed messages, so the caches that rely on them are
 * bypassed (see docs/decisions/016-redis-and-scale-out.md).
 */
export type RedisConnection = {
  /** Key and channel prefix (REDIS_PREFIX): several deployments or tests can share one server. */
  prefix: string;
  /** This process, so it can tell its own messages from the others'. */
  origin: string;
  commands: Redis;
  /** True while the subscriber is subscribed and the command connection is ready. */
  up(): boolean;
  /** Called on every change of `up()`: every message in between may have been missed. */
  onChange(listener: (up: boolean) => void): void;
  /** Delivers the payloads published on `channel` (prefixed) by any process, this one included. */
  listen(channel: string, handler: MessageHandler): void;
  /** Publishes on `channel` (prefixed); resolves false, never rejects, when Redis is unreachable. */
  publish(channel: string, payload: string): Promise<boolean>;
  /** Resolves once `up()` (true) or after `timeoutMs` (false), so a start-up can log a missing Redis. */
  ready(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
};

export function connectRedis(url: string, opts: { prefix: string; log: FastifyBaseLogger }): RedisConnection {
  const { prefix, log } = opts;
  const common = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // Reconnect forever, at most a second apart: the app keeps serving meanwhile.
    retryStrategy: (times: number) => Math.min(100 * times, 1000),
  };
  const commands = new Redis(url, { ...common, commandTimeout: 1000 });
  // Subscriptions are renewed by hand on each `ready`, so `up` becomes true only once they hold.
  const subscriber = new Redis(url, { ...common, autoResubscribe: false });
  const handlers = new Map<string, MessageHandler[]>();
  const changeListeners: ((up: boolean) => void)[] = [];
  let subscribed = false;
  let state = false;
  let closing = false;
  let lastError = '';

  function update(): void {
    const now = subscribed && commands.status === 'ready';
    if (now === state) return;
    state = now;
    if (now) log.info('redis connected: caches, counters and live events are shared');
    else if (!closing) log.error('redis unreachable: caches bypassed, counters kept in this process, live events reach this process only');
    for (const listener of changeListeners) listener(now);
  }
  function onError(err: Error): void {
    // ioredis reports every failed reconnect: log each distinct error once until it recovers.
    if (err.message === lastError) return;
    lastError = err.message;
    log.warn({ err: { message: err.message } }, 'redis connection error');
  }
  commands.on('error', onError);
  subscriber.on('error', onError);
  commands.on('ready', () => {
    lastError = '';
    update();
  });
  commands.on('close', update);
  subscriber.on('ready', () => {
    const channels = [...handlers.keys()].map((c) => prefix + c);
    const done = channels.length ? subscriber.subscribe(...channels) : Promise.resolve();
    done.then(
      () => {
        lastError = '';
        subscribed = true;
        update();
      },
      (err: Error) => onError(err),
    );
  });
  subscriber.on('close', () => {
    subscribed = false;
    update();
  });
  subscriber.on('message', (channel: string, payload: string) => {
    for (const handler of handlers.get(channel.slice(prefix.length)) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        log.error({ err }, 'redis message handler failed');
      }
    }
  });

  return {
    prefix,
    origin: randomUUID(),
    commands,
    up: () => state,
    onChange(listener) {
      changeListeners.push(listener);
    },
    listen(channel, handler) {
      const known = handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      // Channels are listened to while wiring, before the connection is ready; a later one joins now.
      if (!known && subscriber.status === 'ready') subscriber.subscribe(prefix + channel).catch(onError);
    },
    async publish(channel, payload) {
      if (commands.status !== 'ready') return false;
      try {
        await commands.publish(prefix + channel, payload);
        return true;
      } catch (err) {
        onError(err as Error);
        return false;
      }
    },
    ready(timeoutMs) {
      if (state) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        changeListeners.push((up) => {
          if (!up) return;
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    async close() {
      closing = true;
      await Promise.all([commands.quit().catch(() => commands.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())]);
    },
  };
}
