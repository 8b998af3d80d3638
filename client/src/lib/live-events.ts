import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The member's live stream (`GET /api/events`, server-sent events): one EventSource per tab,
 * opened while a member is signed in. Features subscribe by event type; while the stream is
 * down they fall back to the spec's 5 s poll (`useLiveConnected`), and the stream reconnects
 * with back-off (1 s doubling, at most 30 s) so a restarting server is not hammered.
 */
export type LiveEventType = 'notification' | 'message' | 'unread';
type Listener = (data: unknown) => void;

const EVENTS_URL = '/api/events';
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** The spec's notification poll, used only while the stream is down. */
export const FALLBACK_POLL_MS = 5000;

const listeners = new Map<LiveEventType, Set<Listener>>();
const statusListeners = new Set<() => void>();
let source: EventSource | null = null;
let connected = false;
let retryMs = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let users = 0;

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
}

function dispatch(type: LiveEventType, raw: string) {
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
  for (const type of ['notification', 'message', 'unread'] as const) {
    es.addEventListener(type, (event) => dispatch(type, (event as MessageEvent<string>).data));
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

/** Keeps the stream open while the calling component (the signed-in layout) is mounted. */
export function useLiveStream(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    users += 1;
    open();
    return () => {
      users -= 1;
      if (users === 0) close();
    };
  }, [enabled]);
}

export function subscribeLive(type: LiveEventType, listener: Listener): () => void {
  const set = listeners.get(type) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(type, set);
  return () => set.delete(listener);
}

/** Calls `handler` for every event of `type` while mounted (the latest handler, no resubscribe). */
export function useLiveEvent(type: LiveEventType, handler: Listener): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeLive(type, (data) => latest.current(data)), [type]);
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
