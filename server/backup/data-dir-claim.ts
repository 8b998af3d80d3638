import { chmod, mkdir, unlink } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';

// A PGlite folder belongs to one process: two processes opening it corrupt it, and PGlite
// itself does not stop the second. The process that owns DATA_DIR listens on a Unix socket
// inside it; a second process finds the socket answering and stops. The same socket is how
// `npm run backup` asks the running app for a backup: the dump must go through the app's own
// connection (pglite-snapshot.ts), never through a copy of files in use.

export const SOCKET_NAME = 'kaleido.sock';
// sockaddr_un holds 108 bytes with the terminating zero.
const MAX_SOCKET_PATH = 107;

export class DataDirInUseError extends Error {}

export type BackupHandler = (out: Writable) => Promise<unknown>;

export type DataDirClaim = {
  /** Answers `POST /backup` on the socket with a backup archive written by `handler`. */
  serveBackups(handler: BackupHandler): void;
  close(): Promise<void>;
};

export function socketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_NAME);
}

function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = net.connect(socket);
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });
}

function listen(server: http.Server, socket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Makes this process the owner of `dataDir` (stopping if another live process is), or does
 * nothing when the path is too long for a socket (the claim is then not enforced, and
 * `npm run backup` cannot reach this process: `warn` says so).
 */
export async function claimDataDir(dataDir: string, warn: (msg: string) => void = console.warn): Promise<DataDirClaim> {
  const socket = socketPath(dataDir);
  let handler: BackupHandler | null = null;
  if (socket.length > MAX_SOCKET_PATH) {
    warn(`DATA_DIR's path is too long for its control socket (${socket.length} > ${MAX_SOCKET_PATH} characters): nothing stops a second process from opening it, and npm run backup cannot reach this one`);
    return { serveBackups: () => {}, close: async () => {} };
  }
  await mkdir(path.dirname(socket), { recursive: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') return void res.writeHead(404).end();
    if (!handler) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('Kaleido is still starting: try again in a moment\n');
    res.writeHead(200, { 'content-type': 'application/x-tar' });
    // A failure half-way cuts the connection: the client sees an incomplete answer, never a short archive.
    handler(res).catch((err: Error) => {
      warn(`backup through the control socket failed: ${err.message}`);
      res.destroy(err);
    });
  });
  try {
    await listen(server, socket);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    if (await answers(socket)) throw new DataDirInUseError(`Another Kaleido process (the app, a backup or a restore) is using ${path.dirname(socket)}: stop it first`);
    // Left by a process that died: nobody is listening.
    await unlink(socket);
    await listen(server, socket);
  }
  await chmod(socket, 0o600);
  return {
    serveBackups(h) {
      handler = h;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Asks the process that owns `dataDir` for a backup, streamed into `out`. False when no process
 * owns it (no socket, or nobody listening): the caller may then open the folder itself.
 */
export function requestBackup(dataDir: string, out: Writable): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: socketPath(dataDir), path: '/backup', method: 'POST' }, (res) => {
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => reject(new Error(text.trim() || `the app answered ${res.statusCode}`)));
        return;
      }
      res.on('aborted', () => reject(new Error('the app stopped the backup half-way (see its log)')));
      res.pipe(out);
      out.on('finish', () => (res.complete ? resolve(true) : reject(new Error('the app stopped the backup half-way (see its log)'))));
      out.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(false);
      else reject(err);
    });
    req.end();
  });
}
