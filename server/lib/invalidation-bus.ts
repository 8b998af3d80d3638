/**
 * Where a write announces what it made stale, so every cache that holds a copy drops it.
 * In one process it is a list of listeners. With several app processes (DESIGN.md "Scale
 * path") the Redis-backed bus (redis-bus.ts) also publishes the same messages on a channel and
 * calls the local listeners for messages from the other processes: the caches do not change.
 */
export type InvalidationBus = {
  /**
   * Calls this process's listeners at once, then tells the other processes; resolves once
   * Redis has taken the message (so a request to another process after the write answered
   * finds its copy gone). Never rejects.
   */
  publish(topic: InvalidationTopic, key: string): Promise<void>;
  subscribe(topic: InvalidationTopic, listener: (key: string) => void): void;
  /**
   * False while messages from other processes may be missed (Redis unreachable): caches must
   * then neither answer from nor store copies. Always true in one process.
   */
  reliable(): boolean;
};

/**
 * What a write changed (docs/decisions/018-reads-that-survive-writes.md):
 * - `session`: one token hash ended; `user`: a member's row (their sessions, their grants);
 * - `feed`: anything about files, when a write cannot say what (every file read cache empties);
 * - `file`: one file's card (its fields and counts); `comments`: one file's comment pages;
 * - `owner`: a member's name or avatar, shown on their cards and comments;
 * - `skeleton`: which files are public (an upload, a delete, a visibility or NSFW change);
 * - `grants`: a member's (or, with ALL, everyone's) private files and folder grants;
 * - `likes`: a member's own likes; `views`: view counts as `id:total,id:total…`, laid over cards;
 * - `embeddings`: `+id` a file's embedding was stored, `-id` the file is gone (the neighbour index).
 */
export type InvalidationTopic = 'session' | 'user' | 'feed' | 'file' | 'comments' | 'owner' | 'skeleton' | 'grants' | 'likes' | 'views' | 'embeddings';
export const TOPICS: readonly InvalidationTopic[] = ['session', 'user', 'feed', 'file', 'comments', 'owner', 'skeleton', 'grants', 'likes', 'views', 'embeddings'];

/** Every key of a topic at once (used when a write cannot name what it touched). */
export const ALL = '*';

/** The listeners of one process, by topic. */
export function localListeners() {
  const listeners = new Map<InvalidationTopic, ((key: string) => void)[]>();
  return {
    deliver(topic: InvalidationTopic, key: string): void {
      for (const listener of listeners.get(topic) ?? []) listener(key);
    },
    add(topic: InvalidationTopic, listener: (key: string) => void): void {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
  };
}

export function createLocalBus(): InvalidationBus {
  const local = localListeners();
  return {
    async publish(topic, key) {
      local.deliver(topic, key);
    },
    subscribe: local.add,
    reliable: () => true,
  };
}
