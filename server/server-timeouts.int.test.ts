import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../tests/helpers/test-app';

// Slow-drip clients are cut off, and past the connection cap new sockets are closed at once.

const t = useTestApp({ HEADERS_TIMEOUT_SECONDS: '2', REQUEST_TIMEOUT_SECONDS: '3', KEEP_ALIVE_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS: '30' });
let port: number;
beforeAll(async () => {
  port = Number(new URL(t.url).port);
});

type Drip = { closedAfterMs: Promise<number>; stop(): void };

/** Opens a socket that sends `head` and then one more byte of `drip` each second. */
function drip(head: string, dripText: string): Drip {
  const started = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  socket.on('data', () => {});
  let i = 0;
  socket.on('connect', () => head && socket.write(head));
  const timer = setInterval(() => {
    if (dripText && !socket.destroyed && socket.writable) socket.write(dripText[i++ % dripText.length]);
  }, 1000);
  const closedAfterMs = new Promise<number>((resolve) => {
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    });
    socket.on('error', () => {});
  });
  return {
    closedAfterMs,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('server timeouts', () => {
  it('closes 20 connections that drip their headers a byte a second', async () => {
    const drips = Array.from({ length: 20 }, () => drip('GET /api/config HTTP/1.1\r\nHost: x\r\n', 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'));
    const LIMIT_MS = 8_000;
    const closed = await Promise.all(drips.map((d) => Promise.race([d.closedAfterMs, new Promise<number>((r) => setTimeout(() => r(Infinity), LIMIT_MS))])));
    drips.forEach((d) => d.stop());
    for (const ms of closed) expect(ms).toBeLessThan(LIMIT_MS);
  });

  it('closes a request whose body drips in a byte a second', async () => {
    const d = drip('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n', '{"a":1}');
    const ms = await Promise.race([d.closedAfterMs, new Promise<number>((r) => setTimeout(() => r(Infinity), 9_000))]);
    d.stop();
    expect(ms).toBeLessThan(9_000);
  });

  it('closes a socket that never sends a request, and a normal request still works', async () => {
    const res = await fetch(`${t.url}/api/config`);
    expect(res.status).toBe(200);
    const d = drip('', '');
    const ms = await Promise.race([d.closedAfterMs, new Promise<number>((r) => setTimeout(() => r(Infinity), 6_000))]);
    d.stop();
    expect(ms).toBeLessThan(6_000);
  });

  it('closes sockets past MAX_CONNECTIONS at once', async () => {
    const sockets = Array.from({ length: 40 }, () => drip('GET /api/config HTTP/1.1\r\n', 'X'));
    const early = await Promise.all(sockets.map((s) => Promise.race([s.closedAfterMs, new Promise<number>((r) => setTimeout(() => r(Infinity), 800))])));
    sockets.forEach((s) => s.stop());
    const closedAtOnce = early.filter((ms) => ms < 800).length;
    expect(closedAtOnce).toBeGreaterThanOrEqual(10);
  });
});
