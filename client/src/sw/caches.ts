// The names of the service worker's runtime caches, shared by the worker and the page
// (docs/decisions/035-installable-app-and-push.md). The precache (the app shell) holds only
// what every visitor downloads anyway; these hold a member's own answers and pictures.

/** GET answers of the API, network first: the last feed page a member saw, for offline. */
export const API_CACHE = 'kaleido-api';
/** Pictures the pages showed (thumbnails, avatars), cache first. */
export const MEDIA_CACHE = 'kaleido-media';
/** Files shared into the app from the phone, held until the upload dialog takes them. */
export const SHARE_CACHE = 'kaleido-share';

/** What signing out empties: nothing a member saw stays on the device for the next one. */
export const MEMBER_CACHES = [API_CACHE, MEDIA_CACHE, SHARE_CACHE] as const;

/** Deletes every member cache; the worker and the page both call it. */
export async function emptyMemberCaches(storage: CacheStorage): Promise<void> {
  await Promise.all(MEMBER_CACHES.map((name) => storage.delete(name)));
}

/** Headers of a shared file's cache entry: its name (URI-encoded) and its time, as the phone gave them. */
export const sharedFileHeaders = { name: 'x-file-name', lastModified: 'x-file-last-modified' } as const;

/**
 * The files last shared into the app, in the order shared, as File objects; taken once: the
 * entries are deleted as they are read. Empty when nothing waits (or the browser has no caches).
 */
export async function takeSharedFiles(storage: CacheStorage): Promise<File[]> {
  if (!(await storage.has(SHARE_CACHE))) return [];
  const cache = await storage.open(SHARE_CACHE);
  const keys = [...(await cache.keys())].sort((a, b) => Number(a.url.split('/').pop()) - Number(b.url.split('/').pop()));
  const files: File[] = [];
  for (const key of keys) {
    const res = await cache.match(key);
    if (!res) continue;
    const name = decodeURIComponent(res.headers.get(sharedFileHeaders.name) ?? 'shared-file');
    const type = res.headers.get('content-type') ?? '';
    files.push(new File([await res.blob()], name, { type, lastModified: Number(res.headers.get(sharedFileHeaders.lastModified)) || Date.now() }));
  }
  await storage.delete(SHARE_CACHE);
  return files;
}
