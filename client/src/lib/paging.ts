import { PAGE_MAX, PAGE_SIZE } from '@contract/limits';

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
