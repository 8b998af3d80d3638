/**
 * Live events for members' open tabs (the `/api/events` server-sent events stream). A write
 * publishes to the member it concerns; every stream that member has open in this process gets
 * it. With several app processes (issue 13) a Redis-backed hub publishes on a channel and calls
 * the local listeners for messages from any process: publishers and streams do not change.
 */
export type LiveEvent =
  | { type: 'notification'; data: unknown }
  | { type: 'message'; data: unknown }
  /** A folder's collaborators or pending invites changed (an invite was answered): its owner's open Collaborate dialog reloads them. */
  | { type: 'folder'; data: { folderId: number } }
  /** Each publisher sends the count it owns: notifications (their module), messages (theirs). */
  | { type: 'unread'; data: { notifications?: number; messages?: number } };

export type LiveListener = (event: LiveEvent) => void;

export type LiveHub = {
  /** Delivers to every open stream of `userId`; never throws, never waits for the streams. */
  publish(userId: number, event: LiveEvent): void;
  /** Returns the unsubscribe function; call it when the stream closes. */
  subscribe(userId: number, listener: LiveListener): () => void;
  /** Open streams in this process, for tests and the health log. */
  size(): number;
};

export function createLocalHub(): LiveHub {
  const listeners = new Map<number, Set<LiveListener>>();
  let open = 0;
  return {
    publish(userId, event) {
      for (const listener of listeners.get(userId) ?? []) {
        try {
          listener(event);
        } catch {
          // A stream that broke while writing is closed by its own route; others still get it.
        }
      }
    },
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      open += 1;
      return () => {
        if (!set.delete(listener)) return;
        open -= 1;
        if (set.size === 0) listeners.delete(userId);
      };
    },
    size: () => open,
  };
}
