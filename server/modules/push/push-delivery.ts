import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { checkEndpoint, guardedLookup } from './endpoint-guard';
import type { VapidKeys } from './vapid-keys';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** sent: the push service took it; gone: the subscription is dead (404/410: remove it); dropped: refused for good (another 4xx, a private address). */
export type PushOutcome = 'sent' | 'gone' | 'dropped';

/** A push service that is busy (429), failing (5xx), unreachable or too slow: the push is retried with back-off. */
export class PushRetryLater extends Error {}

export type PushDeliveryOptions = { vapid: VapidKeys; subject: string; timeoutMs: number; allowPrivateEndpoints: boolean };

/**
 * Sends one push: the `web-push` package encrypts the payload to the subscription's keys
 * (aes128gcm, RFC 8291) and signs the VAPID header (RFC 8292); the request itself is made here,
 * through a lookup that refuses private addresses and with one deadline for the whole exchange,
 * so a push service that hangs (or trickles its answer) cannot hold a worker past `timeoutMs`.
 */
export function createPushDelivery(o: PushDeliveryOptions) {
  const lookup = guardedLookup(o.allowPrivateEndpoints);

  function post(url: URL, headers: Record<string, string | number>, body: Buffer | null): Promise<number> {
    return new Promise((resolve, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.request(url, { method: 'POST', headers, lookup, signal: AbortSignal.timeout(o.timeoutMs) }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body ?? undefined);
    });
  }

  return {
    async send(target: PushTarget, payload: string, opts: { ttlSeconds: number }): Promise<PushOutcome> {
      let url: URL;
      try {
        url = await checkEndpoint(target.endpoint, o.allowPrivateEndpoints);
      } catch {
        return 'dropped';
      }
      const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: { subject: o.subject, publicKey: o.vapid.publicKey, privateKey: o.vapid.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: opts.ttlSeconds,
        urgency: 'normal',
      });
      let status: number;
      try {
        status = await post(url, details.headers as Record<string, string | number>, details.body as Buffer | null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EPRIVATE') return 'dropped';
        throw new PushRetryLater(`push service unreachable: ${(err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError' ? `no answer within ${o.timeoutMs} ms` : (err as Error).message}`);
      }
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) return 'gone';
      if (status === 429 || status >= 500) throw new PushRetryLater(`push service answered ${status}`);
      return 'dropped';
    },
  };
}
export type PushDelivery = ReturnType<typeof createPushDelivery>;
