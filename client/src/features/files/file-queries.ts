import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FileDto } from '@contract/files';
import { PAGE_SIZE } from '@contract/limits';
import { endpointKey } from '@/lib/call';

// Query keys of the files feature, from the endpoint table: `['/api/files', …]` for every read
// below /api/files, so prefix invalidation works.

/** The home feed's pages: its `limit` keeps it off the bare `['/api/files']` prefix that file lists share. */
export const feedKey = endpointKey('listFeed', { query: { limit: PAGE_SIZE } });
export const fileKey = (id: number) => endpointKey('getFile', { params: { id } });
export const commentsKey = (id: number) => endpointKey('listFileComments', { params: { id } });

/**
 * Lists that can hold files, by the first part of their keys: everything under /api/files (the
 * feed, random, search, similar, a file and its lists), folders' files and profiles' files.
 */
const FILE_LIST_PREFIXES = new Set((['listFeed', 'listFolderFiles', 'listUserFiles'] as const).map((name) => endpointKey(name)[0]));

function holdsFiles(key: QueryKey): boolean {
  return FILE_LIST_PREFIXES.has(key[0]);
}

type FilePatch = (file: FileDto) => FileDto;

function isFile(value: unknown, id: number): value is FileDto {
  return typeof value === 'object' && value !== null && 'id' in value && 'kind' in value && (value as FileDto).id === id;
}

/** Applies `patch` to file `id` wherever it sits: a single file, a list, pages of an infinite list, search items. */
function patchDeep(value: unknown, id: number, patch: FilePatch): unknown {
  if (isFile(value, id)) return patch(value);
  if (Array.isArray(value)) {
    let changed = false;
    const next = value.map((item) => {
      const patched = patchDeep(item, id, patch);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      next[key] = patchDeep(item, id, patch);
      if (next[key] !== item) changed = true;
    }
    return changed ? next : value;
  }
  return value;
}

/** Updates one file in every cached list and detail at once, so every card agrees immediately. */
export function patchCachedFile(client: QueryClient, id: number, patch: FilePatch): void {
  client.setQueriesData({ predicate: (query) => holdsFiles(query.queryKey) }, (data: unknown) => patchDeep(data, id, patch));
}

/** Refetches file lists and single files (after a like, an upload, a delete). */
export function refreshFileLists(client: QueryClient): Promise<void> {
  // The member's storage (Settings) changes with every upload and deletion.
  void client.invalidateQueries({ queryKey: endpointKey('getStorageUsage') });
  return client.invalidateQueries({ predicate: (query) => holdsFiles(query.queryKey) });
}

/** Drops a deleted file from every cached list. */
export function removeCachedFile(client: QueryClient, id: number): void {
  client.setQueriesData({ predicate: (query) => holdsFiles(query.queryKey) }, (data: unknown) => withoutFile(data, id));
}

function withoutFile(value: unknown, id: number): unknown {
  if (Array.isArray(value)) {
    const kept = value.filter((item) => !isFile(item, id) && !(isWrapped(item) && isFile(item.data, id)));
    return (kept.length === value.length ? value : kept).map((item) => withoutFile(item, id));
  }
  if (typeof value === 'object' && value !== null && 'pages' in value && Array.isArray((value as { pages: unknown }).pages)) {
    const data = value as { pages: unknown[] };
    return { ...data, pages: data.pages.map((page) => withoutFile(page, id)) };
  }
  return value;
}

function isWrapped(item: unknown): item is { data: unknown } {
  return typeof item === 'object' && item !== null && 'data' in item;
}
