import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ALL, type InvalidationBus } from '../lib/invalidation-bus';
import { RateLimitError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import type { SessionsRepo } from '../modules/auth/sessions.repo';
import { SESSION_COOKIE } from '../plugins/session';
import type { HandlersFor } from '../plugins/endpoints';
import type { notificationEndpoints } from '../../contract/api/notifications';
import type { LiveEvent, LiveHub } from './live-hub';

/** Comment lines keep the socket busy well inside the server's idle timeout (and proxies' ones). */
export const HEARTBEAT_MS = 20_000;
/** Open streams one member may hold in one process: enough for many tabs, not enough to use up MAX_CONNECTIONS. */
export const STREAMS_PER_MEMBER = 10;
/** A tab that stopped reading is cut off rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

type Deps = {
  live: LiveHub;
  /** The socket idle timeout of the server (serverTimeouts in server/app.ts): the heartbeat stays under half of it. */
  idleTimeoutMs: number;
  /** Sent first, so a tab that (re)connects shows the right badges at once, whatever arrived while it was away. */
  unreadCounts(userId: number): Promise<{ notifications: number; messages: number }>;
  /** Where ended sessions are announced (logout, password change, status change), on every process. */
  bus: InvalidationBus;
  sessions: Pick<SessionsRepo, 'findUser'>;
};

type Stream = { userId: number; token: string; tokenHash: string };

function frame(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * `GET /api/events`: the member's live stream (server-sent events). One named event per
 * publish, its name and payload from contract/live.ts; a `: ping` comment every heartbeat. Hidden from the
 * OpenAPI document: it is not a JSON call, and it does not end.
 */
export function liveEventHandlers(app: FastifyInstance, d: Deps): HandlersFor<Pick<typeof notificationEndpoints, 'liveEvents'>> {
  const heartbeatMs = Math.max(1000, Math.min(HEARTBEAT_MS, Math.floor(d.idleTimeoutMs / 2)));
  const open = new Map<ServerResponse, Stream>();
  const perMember = new Map<number, number>();

  // A stream lives no longer than its session: a logout (here or on another process) ends it at
  // once; any other change to the member (password change, waitlist status) is checked again.
  d.bus.subscribe('session', (hash) => {
    for (const [res, s] of open) if (s.tokenHash === hash) res.end();
  });
  d.bus.subscribe('user', (key) => {
    for (const [res, s] of open) {
      if (key !== ALL && key !== String(s.userId)) continue;
      d.sessions.findUser(s.token).then(
        (found) => (!found || found.user.status !== 'active') && res.end(),
        () => undefined,
      );
    }
  });

  // Before the server closes: it waits for every connection, and a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const res of open.keys()) res.end();
  });

  const liveEvents: HandlersFor<Pick<typeof notificationEndpoints, 'liveEvents'>>['liveEvents'] = async (request, reply) => {
    const user = request.user;
    const held = perMember.get(user.id) ?? 0;
    if (held >= STREAMS_PER_MEMBER) throw new RateLimitError('Too many open live streams', 30);
    perMember.set(user.id, held + 1);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
      // nginx and similar proxies pass each event on at once instead of buffering the stream.
      'x-accel-buffering': 'no',
    });
    const token = request.cookies[SESSION_COOKIE]!;
    open.set(res, { userId: user.id, token, tokenHash: hashToken(token) });

    let closed = false;
    const write = (chunk: string) => {
      if (closed) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) {
        res.destroy();
        return;
      }
      res.write(chunk);
    };
    const unsubscribe = d.live.subscribe(user.id, (event) => write(frame(event)));
    const heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs);
    res.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(res);
      const left = (perMember.get(user.id) ?? 1) - 1;
      if (left > 0) perMember.set(user.id, left);
      else perMember.delete(user.id);
    });

    // The browser's own reconnect delay, should our back-off not be running (a plain EventSource).
    write('retry: 5000\n: connected\n\n');
    try {
      write(frame({ type: 'unread', data: await d.unreadCounts(user.id) }));
    } catch (err) {
      request.log.warn({ err }, 'unread count for a new live stream failed');
    }
  };
  return { liveEvents };
}
