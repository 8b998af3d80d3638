import { describe, expect, it } from 'vitest';
import { createKeyedCache } from './keyed-cache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('keyed cache', () => {
  it('loads a key once for concurrent misses and answers later lookups from memory', async () => {
    const cache = createKeyedCache<string, number>({ max: 10 });
    let loads = 0;
    const gate = deferred<number>();
    const load = () => (loads++, gate.promise);
    const both = Promise.all([cache.get('a', load), cache.get('a', load)]);
    gate.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(await cache.get('a', load)).toBe(7);
    expect(loads).toBe(1);
    expect(cache.stats()).toEqual({ hits: 1, misses: 2 });
  });

  it('neither stores nor shares a load that was running when its key was dropped', async () => {
    const cache = createKeyedCache<string, string>({ max: 10 });
    const old = deferred<string>();
    const first = cache.get('k', () => old.promise);
    cache.drop('k');
    // A lookup after the drop does not join the stale load.
    const second = cache.get('k', async () => 'new');
    old.resolve('old');
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(await cache.get('k', async () => 'never')).toBe('new');
  });

  it('a clear during a batch load keeps the batch out of memory', async () => {
    const cache = createKeyedCache<number, string>({ max: 10 });
    const gate = deferred<Map<number, string>>();
    const pending = cache.getMany([1, 2], () => gate.promise);
    cache.clear();
    gate.resolve(new Map([[1, 'one'], [2, 'two']]));
    expect(await pending).toEqual(new Map([[1, 'one'], [2, 'two']]));
    expect(cache.peek(1)).toBeUndefined();
  });

  it('loads only the missing keys of a batch and leaves out keys the load did not find', async () => {
    const cache = createKeyedCache<number, string>({ max: 10 });
    await cache.getMany([1], async () => new Map([[1, 'one']]));
    const asked: number[][] = [];
    const found = await cache.getMany([1, 2, 3], async (missing) => (asked.push(missing), new Map([[2, 'two']])));
    expect(asked).toEqual([[2, 3]]);
    expect(found).toEqual(new Map([[1, 'one'], [2, 'two']]));
    expect(cache.peek(3)).toBeUndefined();
  });

  it('answers nothing from memory and stores nothing while unreliable', async () => {
    let reliable = true;
    const cache = createKeyedCache<string, number>({ max: 10, reliable: () => reliable });
    await cache.get('a', async () => 1);
    reliable = false;
    expect(await cache.get('a', async () => 2)).toBe(2);
    expect(cache.peek('a')).toBeUndefined();
    reliable = true;
    expect(await cache.get('a', async () => 3)).toBe(1);
  });

  it('drops the oldest entry past its size, expires entries, and updates in place', async () => {
    const cache = createKeyedCache<number, number>({ max: 2, ttlMs: 50 });
    for (const k of [1, 2, 3]) await cache.get(k, async () => k * 10);
    expect([cache.peek(1), cache.peek(2), cache.peek(3)]).toEqual([undefined, 20, 30]);
    cache.update(2, (v) => v + 1);
    expect(cache.peek(2)).toBe(21);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.peek(2)).toBeUndefined();
  });

  it('drops by a test on keys and values, including loads in flight', async () => {
    const cache = createKeyedCache<string, number>({ max: 10 });
    await cache.get('a:1', async () => 1);
    await cache.get('b:1', async () => 2);
    const gate = deferred<number>();
    const flying = cache.get('a:2', () => gate.promise);
    cache.dropWhere((k) => k.startsWith('a:'));
    gate.resolve(3);
    await flying;
    expect([cache.peek('a:1'), cache.peek('a:2'), cache.peek('b:1')]).toEqual([undefined, undefined, 2]);
  });
});
