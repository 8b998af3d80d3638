import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tooManyConnectionsMessage } from '../../contract/common';
import { useTestApp } from '../../tests/helpers/test-app';

// 1 000 slow-body sockets from one address made every new connection fail for 40 s.
// The attacker here sends its headers and then its body a byte a second, from its own address
// (127.0.0.2 on the loopback, or a forwarded address behind a trusted proxy).

type Slow = { closed: boolean; answer: string; stop(): void };
let open: Slow[] = [];

/** A socket that sends a JSON POST's headers, then one byte of its 1 MB body a second (the server reads a JSON body whole before answering). */
function slowUpload(port: number, opts: { localAddress?: string; forwardedFor?: string }): Slow {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: opts.localAddress });
  let timer: NodeJS.Timeout | undefined;
  const s: Slow = { closed: false, answer: '', stop: () => socket.destroy() };
  const forwarded = opts.forwardedFor ? `X-Forwarded-For: ${opts.forwardedFor}\r\n` : '';
  socket.on('connect', () => {
    socket.write(`POST /api/login HTTP/1.1\r\nHost: x\r\n${forwarded}Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n`);
    timer = setInterval(() => socket.writable && socket.write(' '), 1000);
  });
  socket.on('data', (d) => (s.answer += d.toString('latin1')));
  socket.on('error', () => {});
  socket.on('close', () => {
    s.closed = true;
    clearInterval(timer);
  });
  open.push(s);
  return s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `settled` holds (the server has dealt with every socket), at most 15 s: a busy machine opens 1 000 sockets slowly. */
async function until(settled: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !settled(); i++) await sleep(100);
}

async function served(url: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${url}/api/config`, { headers, signal: AbortSignal.timeout(5_000) });
  await res.text();
  return { status: res.status, ms: Date.now() - started };
}

afterEach(() => {
  open.forEach((s) => s.stop());
  open = [];
});

describe('one address holding 1 000 slow uploads, connected directly', () => {
  const t = useTestApp({ MAX_CONNECTIONS: '1000', MAX_CONNECTIONS_PER_ADDRESS: '250', MAX_UPLOADS_PER_ADDRESS: '32' });

  it('keeps at most its share of sockets, and another address is served at once', async () => {
    const port = Number(new URL(t.url).port);
    const attack = Array.from({ length: 1000 }, () => slowUpload(port, { localAddress: '127.0.0.2' }));
    await until(() => attack.filter((s) => !s.closed).length <= 250 && attack.filter((s) => !s.closed && s.answer === '').length <= 32);
    const held = attack.filter((s) => !s.closed);
    expect(held.length).toBeLessThanOrEqual(250);
    // Of those it holds, at most 32 may be sending a body; the others were answered 429 and closed.
    const uploading = held.filter((s) => s.answer === '');
    expect(uploading.length).toBeLessThanOrEqual(32);
    expect(attack.some((s) => s.answer.startsWith('HTTP/1.1 429') && s.answer.includes(tooManyConnectionsMessage))).toBe(true);
    for (let i = 0; i < 5; i++) {
      const other = await served(t.url);
      expect(other.status).toBe(200);
      // At once (before: every new connection failed for 40 s); a loaded test machine gets some slack.
      expect(other.ms).toBeLessThan(3_000);
    }
  }, 30_000);
});

describe('one forwarded address holding 1 000 slow uploads, behind a trusted proxy', () => {
  const t = useTestApp({ TRUST_PROXY: 'on', MAX_CONNECTIONS: '1000', MAX_CONNECTIONS_PER_ADDRESS: '250', MAX_UPLOADS_PER_ADDRESS: '32' });

  it('answers its extra uploads 429 at once and closes them, and another forwarded address is served', async () => {
    const port = Number(new URL(t.url).port);
    const attack = Array.from({ length: 1000 }, () => slowUpload(port, { forwardedFor: '203.0.113.7' }));
    await until(() => attack.filter((s) => !s.closed && s.answer === '').length <= 32);
    const stillSending = attack.filter((s) => !s.closed && s.answer === '');
    const refused = attack.filter((s) => s.answer.startsWith('HTTP/1.1 429'));
    expect(stillSending.length).toBeLessThanOrEqual(32);
    expect(refused.length).toBeGreaterThanOrEqual(900);
    for (let i = 0; i < 5; i++) {
      const other = await served(t.url, { 'x-forwarded-for': '198.51.100.20' });
      expect(other.status).toBe(200);
      // At once (before: every new connection failed for 40 s); a loaded test machine gets some slack.
      expect(other.ms).toBeLessThan(3_000);
    }
  }, 30_000);
});
