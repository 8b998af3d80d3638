/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { SHARE_FILES_FIELD, SHARE_TARGET_PATH } from '../../app-manifest';
import { screens } from '@contract/screens';
import { SHARE_CACHE, sharedFileHeaders } from './caches';

declare const self: ServiceWorkerGlobalScope;

/**
 * The manifest's share target: the phone POSTs the shared files here (multipart). The worker
 * keeps them in `kaleido-share` (one entry each, in order, name and type in headers) in place of
 * any earlier share, and answers 303 to /share, where the upload dialog opens with them; a
 * member who is signed out signs in first and comes back there, the files still waiting.
 */
export function registerShareTarget(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH,
    async ({ request }) => {
      const form = await request.formData();
      const files = form.getAll(SHARE_FILES_FIELD).filter((f): f is File => f instanceof File && f.size > 0);
      await self.caches.delete(SHARE_CACHE);
      const cache = await self.caches.open(SHARE_CACHE);
      await Promise.all(
        files.map((file, i) =>
          cache.put(`/shared-files/${i}`, new Response(file, { headers: { 'content-type': file.type || 'application/octet-stream', [sharedFileHeaders.name]: encodeURIComponent(file.name), [sharedFileHeaders.lastModified]: String(file.lastModified) } })),
        ),
      );
      return Response.redirect(screens.share(), 303);
    },
    'POST',
  );
}
