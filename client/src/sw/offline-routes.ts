/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { API_PREFIX } from '@contract/endpoint-path';
import { endpointRoutes } from '@contract/endpoint-routes';
import { API_CACHE, MEDIA_CACHE, emptyMemberCaches } from './caches';
import { dropPushSubscription } from './push';

declare const self: ServiceWorkerGlobalScope;

/** Only complete, successful answers are kept (never a 401, a 404 or an opaque one). */
const okOnly = { cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 ? response : null) };

const LOG_OUT = endpointRoutes.logOutLink[1];
/** Never cached: the live stream, and the log-out link (handled below). */
const NOT_CACHED: string[] = [endpointRoutes.liveEvents[1], LOG_OUT];
/** Stored files (`/uploads/…`): a navigation there is a download, never the app. */
const UPLOADS = new RegExp(`^${endpointRoutes.getStoredObject[1].replace("*", "")}`);

/**
 * How the worker answers, besides the precached shell and assets:
 * - a page (navigation) comes from the network as before, so the server still chooses the app
 *   or a visitor's page; offline, the precached app shell answers and shows "You're offline";
 * - GET /api/… is network first into `kaleido-api`, so offline the app shows the last answers
 *   it had (the feed's first page, the member); writes are never routed here and fail offline;
 * - pictures are cache first into `kaleido-media` (a stored file never changes under its URL);
 * - opening /api/logout empties the member caches, and forgets this device's push subscription,
 *   before the server signs the member out.
 */
export function registerOfflineRoutes(): void {
  enableNavigationPreload();

  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && url.pathname === LOG_OUT && request.method === 'GET',
    async ({ request }) => {
      await Promise.all([emptyMemberCaches(self.caches), dropPushSubscription()]);
      return fetch(request);
    },
  );

  const offlineShell = { handlerDidError: async () => (await matchPrecache('/index.html')) ?? undefined };
  registerRoute(new NavigationRoute(new NetworkOnly({ plugins: [offlineShell] }), { denylist: [new RegExp(`^${API_PREFIX}`), UPLOADS] }));

  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(API_PREFIX) && !NOT_CACHED.includes(url.pathname) && request.method === 'GET',
    new NetworkFirst({ cacheName: API_CACHE, plugins: [okOnly, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 3600 })] }),
  );

  registerRoute(
    ({ url, request }) => url.origin === self.location.origin && request.destination === 'image' && request.method === 'GET',
    new CacheFirst({ cacheName: MEDIA_CACHE, plugins: [okOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
  );
}
