/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerOfflineRoutes } from './offline-routes';
import { registerPush, registerSubscriptionChange } from './push';
import { registerShareTarget } from './share-target';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The service worker (docs/decisions/035-installable-app-and-push.md), built by vite-plugin-pwa
// with Workbox: the app shell and hashed assets precached from the build's list.
// No directory index: `/` stays the server's to answer (it preloads a member's feed).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
registerShareTarget();
registerOfflineRoutes();
registerPush();
registerSubscriptionChange();
// The first install takes the open page at once, so the feed it shows next is kept for offline.
clientsClaim();

// A new version waits until the member chooses "Reload" (client/src/features/app/service-worker.ts).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
