import { z } from 'zod';
import { text } from './common';
import { pushKinds } from './notification-paths';

// Web Push (docs/decisions/035-installable-app-and-push.md): the server's VAPID key, the
// member's devices, and which kinds of notification reach them.

export const pushMessages = {
  endpointRefused: 'The push endpoint must be an https URL on a public address',
  notFound: 'Subscription not found',
  removed: 'Device removed',
  saved: 'Push notifications are on for this device',
} as const;

export { pushKinds };
export type PushKind = (typeof pushKinds)[number];

/** GET /api/push/public-key: the VAPID public key a browser subscribes with (base64url, uncompressed P-256). */
export const pushPublicKey = z.object({ publicKey: z.string() });

const base64url = (max: number) => text().min(16).max(max).regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url');
/** An absolute URL; control characters are named first, as in every text field. */
const url = () => text().max(2048).refine((v) => URL.canParse(v), 'Invalid URL');

/** POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionBody = z.object({
  endpoint: url(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: which one. */
export const pushEndpointBody = z.object({ endpoint: url() });

/** One of the member's devices; the endpoint lets the page recognise its own. */
export const pushDevice = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  /** The browser and system it was turned on from ('Chrome on Android'), when known. */
  device: z.string(),
  createdAt: z.string(),
  lastPushedAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;
export const pushDevices = z.object({ devices: z.array(pushDevice) });

/** What the service worker receives (encrypted) and shows. */
export type PushPayload = { title: string; body: string; url: string; tag: string; kind: PushKind };
