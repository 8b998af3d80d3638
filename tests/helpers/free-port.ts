import fs from 'node:fs';
import net from 'node:net';

/**
 * Where the ports the system hands out for `listen(0)` begin (Linux's default when unreadable).
 * A port from that range could be handed to another test's server between our probe and the
 * child process binding it; the child would then fail, or a test would talk to the wrong server.
 */
function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low > 0) return low;
  } catch {
    // Not Linux: the default below.
  }
  return 32768;
}

const HIGH = ephemeralLow();
const LOW = Math.max(10_000, HIGH - 12_000);

function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on 127.0.0.1 right now, for a server process a test starts itself: drawn at
 * random below the system's ephemeral range, so no `listen(0)` elsewhere can take it before
 * the child binds it.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await probe(port)) return port;
  }
  throw new Error(`no free port found between ${LOW} and ${HIGH}`);
}
