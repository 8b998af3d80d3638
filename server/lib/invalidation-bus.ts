/**
 * Where a write announces what it made stale, so every cache that holds a copy drops it.
 * In one process it is a list of listeners. With several app processes (DESIGN.md "Scale
 * path") a Redis-backed bus publishes the same messages on a channel and calls the local
 * listeners for messages from the other processes: the caches do not change.
 */
export type InvalidationBus = {
  publish(topic: InvalidationTopic, key: string): void;
  subscribe(topic: InvalidationTopic, listener: (key: string) => void): void;
};

/** `session`: one token hash ended; `user`: every session of a member id; `feed`: any file, like, comment or owner changed. */
export type InvalidationTopic = 'session' | 'user' | 'feed';

/** Every key of a topic at once (used when a write cannot name what it touched). */
export const ALL = '*';

export function createLocalBus(): InvalidationBus {
  const listeners = new Map<InvalidationTopic, ((key: string) => void)[]>();
  return {
    publish(topic, key) {
      for (const listener of listeners.get(topic) ?? []) listener(key);
    },
    subscribe(topic, listener) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
  };
}
