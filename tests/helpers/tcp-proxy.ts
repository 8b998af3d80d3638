import net from 'node:net';

/**
 * A TCP relay in front of a server (the test PostgreSQL), so a test can take the server away from
 * the app without stopping it for everyone: `stop` refuses new connections and cuts the open ones
 * (a stopped server), `hang` keeps accepting but relays nothing (a server that stopped answering),
 * `resume` relays again.
 */
export type TcpProxy = { port: number; stop(): void; hang(): void; resume(): void; close(): Promise<void> };

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'relay' | 'refuse' | 'hang' = 'relay';
  const sockets = new Set<net.Socket>();
  // Accepted while hanging: cut on resume, so the client retries instead of waiting forever.
  const held = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return void client.destroy();
    if (mode === 'hang') return void held.add(client);
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    stop() {
      mode = 'refuse';
      cut();
    },
    hang() {
      mode = 'hang';
      cut();
    },
    resume() {
      mode = 'relay';
      for (const s of held) s.destroy();
      held.clear();
    },
    async close() {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
