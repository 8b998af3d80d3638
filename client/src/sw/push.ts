/// <reference lib="webworker" />
import type { PushPayload } from '@contract/push';
import { endpointRoutes } from '@contract/endpoint-routes';
import { screens } from '@contract/screens';

declare const self: ServiceWorkerGlobalScope;

/**
 * Pushes (docs/decisions/035): the server's payload arrives decrypted by the browser. Nothing is
 * shown while a Kaleido tab is open and in view (its bell shows the notification live); otherwise
 * one notification per group (a file's likes replace each other under one tag). A click focuses
 * an open Kaleido window on the file, the thread or /notifications, or opens one.
 */
export function registerPush(): void {
  self.addEventListener('push', (event) => {
    let payload: PushPayload | null = null;
    try {
      payload = event.data?.json() as PushPayload;
    } catch {
      payload = null;
    }
    if (!payload) return;
    const shown = payload;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        if (windows.some((w) => w.visibilityState === 'visible')) return;
        await self.registration.showNotification(shown.title, {
          body: shown.body,
          tag: shown.tag,
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          data: { url: shown.url },
        });
      })(),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const path = typeof event.notification.data?.url === 'string' && event.notification.data.url.startsWith('/') ? event.notification.data.url : screens.notifications();
    const url = new URL(path, self.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
        if (open) {
          const focused = await open.focus();
          await focused.navigate(url);
        } else {
          await self.clients.openWindow(url);
        }
      })(),
    );
  });
}

type SubscriptionChange = ExtendableEvent & { oldSubscription?: PushSubscription | null; newSubscription?: PushSubscription | null };

/**
 * The browser replaced the subscription (it expired, or the push service rotated it): the new
 * one is stored for the member signed in here and the old one forgotten, so pushes keep coming.
 */
export function registerSubscriptionChange(): void {
  self.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as SubscriptionChange;
    change.waitUntil(
      (async () => {
        const old = change.oldSubscription ?? null;
        const key = old?.options.applicationServerKey;
        const fresh = change.newSubscription ?? (key ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }) : null);
        if (fresh) {
          const json = fresh.toJSON();
          const [method, path] = endpointRoutes.addPushSubscription;
          await fetch(path, { method, credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: fresh.endpoint, keys: json.keys }) }).catch(() => undefined);
        }
        if (old && old.endpoint !== fresh?.endpoint) {
          const [method, path] = endpointRoutes.removePushSubscription;
          await fetch(path, { method, credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: old.endpoint }) }).catch(() => undefined);
        }
      })(),
    );
  });
}

/** Signing out on this device: the member's subscription is forgotten by the server and dropped here, so the next member gets none of their pushes. */
export async function dropPushSubscription(): Promise<void> {
  const subscription = await self.registration.pushManager.getSubscription();
  if (!subscription) return;
  const [method, path] = endpointRoutes.removePushSubscription;
  await fetch(path, {
    method,
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
