import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

type Limits = { trustProxy: boolean; maxConnections: number; maxIdleConnectionsPerAddress: number };

/**
 * Room for others (docs/decisions/026): a few addresses holding idle sockets (opened and left
 * silent, or kept alive between requests) could fill MAX_CONNECTIONS and refuse everyone else.
 * - An address keeps at most `maxIdleConnectionsPerAddress` idle sockets: past that, its oldest
 *   idle one is closed (behind a trusted proxy every socket is the proxy's, so this is skipped).
 * - When every connection is taken, a new one closes the oldest idle socket of all to get in;
 *   only when none is idle is the newcomer closed.
 * A socket is idle from when it opens, or its last answer went, until a request arrives on it.
 */
export function registerIdleSockets(app: FastifyInstance, limits: Limits): void {
  // Insertion order is idle age: a socket is deleted and added again each time it goes idle.
  const idle = new Set<Socket>();
  const idleByAddress = new Map<string, Set<Socket>>();
  let open = 0;
  // Node refuses past `maxConnections` before any event: one more slot lets a newcomer in to
  // reclaim an idle socket's place, and it is closed here when none is idle.
  app.server.maxConnections = limits.maxConnections + 1;

  const addressOf = (socket: Socket) => socket.remoteAddress ?? '';
  function busy(socket: Socket): void {
    if (!idle.delete(socket)) return;
    const mine = idleByAddress.get(addressOf(socket));
    mine?.delete(socket);
    if (mine && mine.size === 0) idleByAddress.delete(addressOf(socket));
  }
  function rest(socket: Socket): void {
    if (socket.destroyed) return;
    busy(socket);
    idle.add(socket);
    if (limits.trustProxy) return;
    const address = addressOf(socket);
    let mine = idleByAddress.get(address);
    if (!mine) idleByAddress.set(address, (mine = new Set()));
    mine.add(socket);
    if (mine.size > limits.maxIdleConnectionsPerAddress) mine.values().next().value!.destroy();
  }
  /** Closes the oldest idle socket; false when none is idle. */
  function reclaim(except: Socket): boolean {
    for (const socket of idle) {
      if (socket === except) continue;
      socket.destroy();
      busy(socket);
      return true;
    }
    return false;
  }

  app.server.on('connection', (socket: Socket) => {
    if (socket.destroyed) return;
    open++;
    socket.once('close', () => {
      open--;
      busy(socket);
    });
    rest(socket);
    if (open > limits.maxConnections && !reclaim(socket)) socket.destroy();
  });
  // One listener for every answer ('finish' comes once): no closure per request.
  function answered(this: ServerResponse): void {
    rest(this.req.socket);
  }
  app.server.on('request', (req, res) => {
    busy(req.socket);
    res.on('finish', answered);
  });
}
