/** Method names that only read; everything else on a repository is taken as a write. */
const READ = /^(find|count|list|hydrate|feed|ids|slideshow|random|is|has|get|search)/;

/**
 * The repository with a hook after each write method has succeeded. A write method added later
 * is covered by default (over-invalidating costs a cache miss; forgetting one would show a
 * member stale data), so the caches cannot silently miss a new write path. A hook that returns
 * a promise (a publish on the shared bus) is awaited: the write answers once it is announced.
 */
export function afterWrites<T extends object>(repo: T, onWrite: (method: string, args: unknown[], result: unknown) => unknown): T {
  const wrapped = { ...repo } as Record<string, unknown>;
  for (const [name, value] of Object.entries(repo)) {
    if (typeof value !== 'function' || READ.test(name)) continue;
    wrapped[name] = async function (this: unknown, ...args: unknown[]) {
      const result = await value.apply(this, args);
      await onWrite(name, args, result);
      return result;
    };
  }
  return wrapped as T;
}
