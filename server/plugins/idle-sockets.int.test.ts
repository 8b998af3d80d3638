import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/helpers/test-app';

// Four addresses with a quarter of MAX_CONNECTIONS of idle sockets each filled the server and
// every other address was refused (docs/decisions/026). Idle sockets are capped per address,
// and when the server is full a newcomer takes the place of the oldest idle socket. The
// attackers connect from their own loopback addresses (127.0.0.2 to 127.0.0.5).

let sockets: net.Socket[] = [];
afterEach(() => {
  sockets.forEach((s) => s.destroy());
  sockets = [];
});

/** A socket that connects and sends nothing. */
function idleSocket(port: number, localAddress: string): { socket: net.Socket; closed: () => boolean } {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let closed = false;
  socket.on('error', () => {});
  socket.on('close', () => (closed = true));
  sockets.push(socket);
  return { socket, closed: () => closed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request from `localAddress` on a new connection: its status, or 0 when the socket was closed unanswered. */
function request(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    let answer = '';
    socket.on('connect', () => socket.write('GET /api/config HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0)));
    setTimeout(() => socket.destroy(), 5000);
  });
}

async function fill(port: number, perAddress: number) {
  const attack = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].flatMap((a) => Array.from({ length: perAddress }, () => idleSocket(port, a)));
  for (let i = 0; i < 50 && attack.some((s) => s.socket.connecting); i++) await sleep(100);
  await sleep(300);
  return attack;
}

describe('idle sockets of four addresses', () => {
  const t = useTestApp({ MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '10', MAX_IDLE_CONNECTIONS_PER_ADDRESS: '2' });

  it('each address keeps at most its idle share; others are served, in 3 of 3 rounds', async () => {
    const port = Number(new URL(t.url).port);
    for (let round = 0; round < 3; round++) {
      const attack = await fill(port, 10);
      expect(attack.filter((s) => !s.closed()).length, `round ${round}`).toBeLessThanOrEqual(8);
      for (const address of ['127.0.0.6', '127.0.0.7', '127.0.0.1']) expect(await request(port, address), `${address}, round ${round}`).toBe(200);
      sockets.forEach((s) => s.destroy());
      sockets = [];
      await sleep(200);
    }
  });
});

describe('a server full of idle sockets', () => {
  const t = useTestApp({ MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_ADDRESS: '10', MAX_IDLE_CONNECTIONS_PER_ADDRESS: '10' });

  it('lets a newcomer in by closing the oldest idle socket, in 3 of 3 rounds', async () => {
    const port = Number(new URL(t.url).port);
    for (let round = 0; round < 3; round++) {
      const attack = await fill(port, 10);
      expect(attack.filter((s) => !s.closed()).length, `round ${round}`).toBe(40);
      for (const address of ['127.0.0.6', '127.0.0.7', '127.0.0.1']) expect(await request(port, address), `${address}, round ${round}`).toBe(200);
      // An idle attacker gave its place up (each newcomer leaves when answered, so one was enough).
      await sleep(100);
      expect(attack.filter((s) => s.closed()).length, `round ${round}`).toBeGreaterThanOrEqual(1);
      sockets.forEach((s) => s.destroy());
      sockets = [];
      await sleep(200);
    }
  });
});
