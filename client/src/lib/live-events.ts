import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LivePayload } from '@contract/live';
import { liveEventNames, type LiveEventName } from '@contract/live-names';
import { endpointUrl } from './call';

/**
 * The member's live stream (`GET /api/events`, server-sent events), opened while a member is
 * signed in. Features subscribe by event type; while the stream is down they fall back to the
 * 5 s poll of decision 012 (`useLiveConnected`), and the stream reconnects with back-off (1 s doubling,
 * at most 30 s) so a restarting server is not hammered.
 *
 * One stream per browser, not per tab: a browser allows six HTTP/1.1 connections per origin, and
 * a stream per tab would stall every request of the seventh tab. The tab holding the member's
 * Web Lock opens the stream and relays each event to the member's other tabs over a
 * BroadcastChannel; when it closes, the lock passes to another tab, which opens the stream.
 * Without those APIs each tab opens its own.
 *
 * Each event's name and payload are the contract's (contract/live.ts): `useLiveEvent` hands its
 * handler the payload typed from there, so no feature casts what the stream carries.
 */
type Listener = (data: unknown) => void;

const EVENTS_URL = endpointUrl('liveEvents');
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** The notification poll of decision 012, used only while the stream is down. */
export const FALLBACK_POLL_MS = 5000;

const listeners = new Map<LiveEventName, Set<Listener>>();
const statusListeners = new Set<() => void>();
let source: EventSource | null = null;
let connected = false;
let retryMs = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let users = 0;

const CHANNEL = 'kaleido-live';
type Relay =
  | { kind: 'event'; member: number; type: LiveEventName; raw: string }
  | { kind: 'status'; member: number; connected: boolean }
  | { kind: 'hello'; member: number };

let member: number | null = null;
let channel: BroadcastChannel | null = null;
/** This tab holds the stream for the member's tabs. */
let leading = false;
let releaseLead: (() => void) | null = null;
let lockRequest: AbortController | null = null;

function canShare(): boolean {
  return typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && 'locks' in navigator;
}

function relay(message: Relay) {
  channel?.postMessage(message);
}

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
  if (leading && member !== null) relay({ kind: 'status', member, connected: value });
}

function dispatch(type: LiveEventName, raw: string) {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return;
  }
  for (const listener of listeners.get(type) ?? []) listener(data);
}

function open() {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource(EVENTS_URL);
  source = es;
  es.onopen = () => {
    retryMs = FIRST_RETRY_MS;
    setConnected(true);
  };
  for (const type of liveEventNames) {
    es.addEventListener(type, (event) => {
      const raw = (event as MessageEvent<string>).data;
      dispatch(type, raw);
      if (leading && member !== null) relay({ kind: 'event', member, type, raw });
    });
  }
  es.onerror = () => {
    // The browser's own retry has no back-off: close and schedule ours.
    es.close();
    if (source === es) source = null;
    setConnected(false);
    if (users > 0 && !retryTimer) {
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (users > 0) open();
      }, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    }
  };
}

function close() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  retryMs = FIRST_RETRY_MS;
  setConnected(false);
}

/** Follows the member's stream: leads it when this tab gets the member's lock, else hears the leader. */
function start(memberId: number) {
  member = memberId;
  if (!canShare()) {
    open();
    return;
  }
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Relay>) => {
    const message = event.data;
    if (message.member !== member) return;
    if (message.kind === 'hello') {
      if (leading) relay({ kind: 'status', member, connected });
    } else if (!leading) {
      if (message.kind === 'event') dispatch(message.type, message.raw);
      else setConnected(message.connected);
    }
  };
  relay({ kind: 'hello', member });
  lockRequest = new AbortController();
  navigator.locks
    .request(`kaleido-live-leader:${memberId}`, { signal: lockRequest.signal }, () =>
      new Promise<void>((release) => {
        leading = true;
        releaseLead = release;
        open();
      }),
    )
    .catch(() => {
      // Aborted: this tab stopped following before it got the lead.
    });
}

function stop() {
  lockRequest?.abort();
  lockRequest = null;
  if (leading && member !== null) relay({ kind: 'status', member, connected: false });
  leading = false;
  releaseLead?.();
  releaseLead = null;
  close();
  channel?.close();
  channel = null;
  member = null;
}

/** A screen change unmounts one layout and mounts the next: keep the stream through that gap. */
const STOP_DELAY_MS = 1000;
let stopTimer: ReturnType<typeof setTimeout> | null = null;

/** Keeps the member's stream open while the calling component (the signed-in layout) is mounted. */
export function useLiveStream(memberId: number | null): void {
  useEffect(() => {
    if (memberId === null) return;
    users += 1;
    if (stopTimer) clearTimeout(stopTimer);
    stopTimer = null;
    if (member !== memberId) {
      if (member !== null) stop();
      start(memberId);
    } else if ((leading || !canShare()) && !source && !retryTimer) {
      // The stream failed during the gap between two screens, when no retry was scheduled.
      open();
    }
    return () => {
      users -= 1;
      if (users > 0) return;
      stopTimer = setTimeout(() => {
        stopTimer = null;
        if (users === 0) stop();
      }, STOP_DELAY_MS);
    };
  }, [memberId]);
}

function subscribeLive(type: LiveEventName, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(type, set);
  return () => set.delete(listener);
}

/**
 * Calls `handler` with the payload of every `type` event while mounted (the latest handler, no
 * resubscribe). The payload is the server's, published under the same contract entry.
 */
export function useLiveEvent<N extends LiveEventName>(type: N, handler: (data: LivePayload<N>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeLive(type, (data) => latest.current(data as LivePayload<N>)), [type]);
}

/** True while the stream is open; queries poll every FALLBACK_POLL_MS only when it is not. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}
