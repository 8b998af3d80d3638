import type { LiveEvent } from '../../contract/live';
import { createMemoryFanOut, type FanOut } from '../lib/fan-out';

export type { LiveEvent } from '../../contract/live';

/**
 * Live events for members' open tabs (the `/api/events` server-sent events stream). A write
 * publishes to the member it concerns; every stream that member has open gets it. Each event's
 * name and payload are the contract's (contract/live.ts): a payload of the wrong shape does not
 * compile. With several app processes (decision 016) the fan-out (server/lib/fan-out.ts) also
 * carries each event to the streams of the other processes: publishers and streams do not change.
 */
export type LiveListener = (event: LiveEvent) => void;

export type LiveHub = {
  /** Delivers to every open stream of `userId`; never throws, never waits for the streams. */
  publish(userId: number, event: LiveEvent): void;
  /** Returns the unsubscribe function; call it when the stream closes. */
  subscribe(userId: number, listener: LiveListener): () => void;
  /** Open streams in this process, for tests and the health log. */
  size(): number;
};

const CHANNEL = 'live';

/**
 * While the fan-out's Redis is unreachable an event reaches the streams of the process that
 * published it only. The memory fan-out (one process) is the default.
 */
export function createLiveHub(fanOut: FanOut = createMemoryFanOut()): LiveHub {
  const listeners = new Map<number, Set<LiveListener>>();
  let open = 0;
  function deliver({ userId, event }: { userId: number; event: LiveEvent }): void {
    for (const listener of listeners.get(userId) ?? []) {
      try {
        listener(event);
      } catch {
        // A stream that broke while writing is closed by its own route; others still get it.
      }
    }
  }
  const send = fanOut.channel(CHANNEL, deliver, ({ userId, event }) => Number.isSafeInteger(userId) && typeof event === 'object' && !!event);
  return {
    publish(userId, event) {
      void send({ userId, event });
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
