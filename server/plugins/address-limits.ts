import type { FastifyInstance } from 'fastify';
import { tooManyConnectionsMessage } from '../../contract/common';
import { isProbe } from '../operations/health';

type Limits = { trustProxy: boolean; maxConnectionsPerAddress: number; maxUploadsPerAddress: number };

/** Counts per address, forgetting an address at zero so the map holds only current clients. */
function tally() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add(key: string): () => void {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const left = (counts.get(key) ?? 1) - 1;
        if (left > 0) counts.set(key, left);
        else counts.delete(key);
      };
    },
  };
}

/**
 * One client cannot take every connection (decision 021: 1 000 slow-body sockets from one address
 * made every new connection fail for 40 s, MAX_CONNECTIONS being global):
 * - connected directly, an address holds at most `maxConnectionsPerAddress` sockets; a socket
 *   past that is closed as it opens, before a byte is read;
 * - behind a trusted proxy every socket comes from the proxy, so the cap is on the requests in
 *   flight per forwarded address instead, answered 429 at once, before any body is read;
 * - either way, an address may be sending at most `maxUploadsPerAddress` request bodies at once:
 *   a slow upload holds a socket and a scratch file for up to REQUEST_TIMEOUT_SECONDS.
 * A refused request is answered with `Connection: close`, so its socket is freed too.
 */
export function registerAddressLimits(app: FastifyInstance, limits: Limits): void {
  if (!limits.trustProxy) {
    const sockets = tally();
    app.server.on('connection', (socket) => {
      const address = socket.remoteAddress ?? '';
      if (sockets.count(address) >= limits.maxConnectionsPerAddress) {
        socket.destroy();
        return;
      }
      socket.once('close', sockets.add(address));
    });
  }

  const inFlight = tally();
  const bodies = tally();
  app.addHook('onRequest', (request, reply, done) => {
    // A balancer's probes are never refused: a busy address must not look like a dead process.
    if (isProbe(request)) return done();
    const address = request.ip;
    const length = request.headers['content-length'];
    const hasBody = length !== undefined ? length !== '0' : request.headers['transfer-encoding'] !== undefined;
    const overRequests = limits.trustProxy && inFlight.count(address) >= limits.maxConnectionsPerAddress;
    if (overRequests || (hasBody && bodies.count(address) >= limits.maxUploadsPerAddress)) {
      reply.code(429).header('retry-after', '5').header('connection', 'close').send({ message: tooManyConnectionsMessage });
      return;
    }
    // Requests in flight are counted only where they are capped (behind a proxy).
    if (limits.trustProxy) reply.raw.once('close', inFlight.add(address));
    if (hasBody) {
      const received = bodies.add(address);
      // Counted until the body has arrived (or the answer went without reading it).
      request.raw.once('end', received);
      reply.raw.once('close', received);
    }
    done();
  });
}
