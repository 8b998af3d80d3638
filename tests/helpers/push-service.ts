import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service on 127.0.0.1 for the tests (docs/decisions/035): it receives pushes as a real
// one does, and, holding the browser's side of the keys, decrypts each (aes128gcm, RFC 8291) and
// checks its VAPID signature (RFC 8292). Nothing of the app is faked: it sends real requests here.

export type BrowserKeys = { ecdh: crypto.ECDH; auth: Buffer };
export type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
/** How the service answers a push to a path: a status, or never (a service that hangs). */
export type Answer = number | 'hang';

const b64url = (b: Buffer) => b.toString('base64url');

/** The keys a browser makes when it subscribes: a P-256 pair and a 16-byte auth secret. */
export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: crypto.randomBytes(16) };
}

export async function startPushService() {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const queue = answers.get(path);
      const answer = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? 201;
      if (answer === 'hang') return void hanging.add(res);
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    received,
    /** A new device: its subscription JSON (as `PushSubscription.toJSON()` gives it) and its keys. */
    device() {
      const keys = browserKeys();
      const path = `/push/${(next += 1)}`;
      const subscription = { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: b64url(keys.ecdh.getPublicKey()), auth: b64url(keys.auth) } };
      return { path, keys, subscription };
    },
    /** The answers to pushes to `path`, in turn (the last one stays). */
    answer(path: string, ...list: Answer[]) {
      answers.set(path, list);
    },
    to: (path: string) => received.filter((r) => r.path === path),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type PushServiceDouble = Awaited<ReturnType<typeof startPushService>>;

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) with the browser's keys. */
export function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = hkdf(keys.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('not a last record');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * Checks the VAPID header (`vapid t=<JWT>, k=<public key>`): an ES256 JWT signed by `k`, for the
 * push service's origin, not expired and at most a day ahead, with a contact. Answers the key and claims.
 */
export function verifyVapid(authorization: string | undefined, endpointOrigin: string): { publicKey: string; claims: { aud: string; exp: number; sub: string } } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token, k] = match;
  const [header, payload, signature] = token.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  const valid = crypto.verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  const now = Date.now() / 1000;
  if (claims.aud !== endpointOrigin) throw new Error(`aud ${claims.aud} is not ${endpointOrigin}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { publicKey: k, claims };
}
