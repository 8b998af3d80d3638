import { createMemoryFanOut, type FanOut } from './fan-out';

/**
 * Where a write announces what it made stale, so every cache that holds a copy drops it.
 * In one process it is a list of listeners. With several app processes (decision 016) its
 * fan-out (fan-out.ts) also publishes the same messages on a Redis channel and calls the local
 * listeners for messages from the other processes: the caches do not change.
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
 * - `embeddings`: `+id` a file's embedding was stored, `-id` the file is gone (the neighbour index);
 * - `hidden`: the members hidden from one member by a block (both members of a block are named).
 */
export type InvalidationTopic = 'session' | 'user' | 'feed' | 'file' | 'comments' | 'owner' | 'skeleton' | 'grants' | 'likes' | 'views' | 'embeddings' | 'hidden';
export const TOPICS: readonly InvalidationTopic[] = ['session', 'user', 'feed', 'file', 'comments', 'owner', 'skeleton', 'grants', 'likes', 'views', 'embeddings', 'hidden'];

/** Every key of a topic at once (used when a write cannot name what it touched). */
export const ALL = '*';

/** The listeners of one process, by topic. */
function createLocalListeners() {
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

const CHANNEL = 'invalidate';

/**
 * A message reaches each process's listeners exactly once: the publisher's own at once (its
 * caches are clean before the write answers), the others' through the fan-out. When the link to
 * the other processes drops or comes back, every cache of this process is emptied: messages in
 * between were missed.
 */
export function createInvalidationBus(fanOut: FanOut): InvalidationBus {
  const local = createLocalListeners();
  const send = fanOut.channel<{ topic: InvalidationTopic; key: string }>(
    CHANNEL,
    ({ topic, key }) => local.deliver(topic, key),
    ({ topic, key }) => TOPICS.includes(topic as InvalidationTopic) && typeof key === 'string',
  );
  fanOut.onChange(() => {
    for (const topic of TOPICS) local.deliver(topic, ALL);
  });
  return {
    publish: (topic, key) => send({ topic, key }),
    subscribe: local.add,
    reliable: fanOut.reliable,
  };
}

/** One process's bus: the app without REDIS_URL, and tests. */
export function createLocalBus(): InvalidationBus {
  return createInvalidationBus(createMemoryFanOut());
}
