import { PAGE_MAX, PAGE_SIZE } from '@contract/limits';
import { throwIfResNotOk, toQueryString } from './api';

type Params = Record<string, string | number | undefined>;

/** GET `path` with `params` as its query string; a non-2xx answer throws like every other call. */
export async function getJson<T>(path: string, params: Params, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path + toQueryString(params), { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** One page of a list call (spec 2 §4: 20 a page, offset = pages loaded × 20). */
export function fetchPage<T>(path: string, offset: number, signal: AbortSignal, params: Params = {}): Promise<T[]> {
  return getJson<T[]>(path, { ...params, offset, limit: PAGE_SIZE }, signal);
}

/** The next offset while the last page was full. */
export function nextOffset(lastPage: readonly unknown[], pages: readonly unknown[]): number | undefined {
  return lastPage.length < PAGE_SIZE ? undefined : pages.length * PAGE_SIZE;
}

/**
 * Every item of a list call, PAGE_MAX at a time: for short lists a picker shows whole (folders).
 * `read` asks for one page: `allPages((page) => call('listFolders', { query: page }, { signal }))`.
 */
export async function allPages<T>(read: (page: { offset: number; limit: number }) => Promise<readonly T[]>): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await read({ offset: all.length, limit: PAGE_MAX });
    all.push(...page);
    if (page.length < PAGE_MAX) return all;
  }
}
