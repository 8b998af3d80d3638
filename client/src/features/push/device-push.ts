import { call } from '@/lib/call';

/** Whether this browser can receive pushes at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This browser's subscription, or null when push is off here (or unsupported). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PushDenied extends Error {}

/**
 * Turns push on for this browser: asks for notification permission, subscribes with the server's
 * VAPID key and stores the subscription for the member (POST /api/push/subscriptions).
 */
export async function turnPushOn(): Promise<PushSubscription> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PushDenied('Notifications are blocked for Kaleido in this browser');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await call('getPushPublicKey');
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the server's pair changed) cannot be pushed to: replace it.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && btoa(String.fromCharCode(...new Uint8Array(key))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const json = subscription.toJSON();
  await call('addPushSubscription', { body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } } });
  return subscription;
}

/** Turns push off here: the server forgets the device and the browser drops the subscription. */
export async function turnPushOff(subscription: PushSubscription): Promise<void> {
  await call('removePushSubscription', { body: { endpoint: subscription.endpoint } }).catch(() => undefined);
  await subscription.unsubscribe();
}
