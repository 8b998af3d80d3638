/**
 * A bounded in-memory cache whose entries are dropped by what changed, with three guarantees the
 * read caches of docs/decisions/018 rely on:
 * - concurrent misses of one key load once (later callers wait for the first load);
 * - a load that was running when its key was dropped is neither stored nor joined by callers
 *   that arrive after the drop, so a request made after a write never sees what was read before it;
 * - while `reliable()` is false (Redis unreachable, messages from other processes may be lost)
 *   nothing is answered from or stored in the cache.
 * Entries may also expire (`ttlMs`). Past `max` entries the oldest goes first.
 */
export type KeyedCache<K, V> = {
  /** `onMiss` is called when the value is not answered from memory (loaded, or waited for). */
  get(key: K, load: () => Promise<V>, onMiss?: () => void): Promise<V>;
  /** Several keys, the missing ones loaded together in one call (keys it does not answer stay unset). */
  getMany(keys: readonly K[], loadMany: (missing: K[]) => Promise<Map<K, V>>, onMiss?: () => void): Promise<Map<K, V>>;
  /** The value if cached and fresh; never loads. */
  peek(key: K): V | undefined;
  /** Changes a cached value in place (a count laid over); a load in flight is dropped instead. */
  update(key: K, change: (value: V) => V): void;
  drop(key: K): void;
  dropWhere(test: (key: K, value: V | undefined) => boolean): void;
  clear(): void;
  readonly size: number;
  /** Lookups answered from memory, and lookups that had to load (or bypassed the cache). */
  stats(): { hits: number; misses: number };
};

type Entry<V> = { value: V; until: number };
type Flight<V> = { promise: Promise<V> };

export function createKeyedCache<K, V>(opts: { max: number; ttlMs?: number; reliable?: () => boolean }): KeyedCache<K, V> {
  const entries = new Map<K, Entry<V>>();
  const flights = new Map<K, Flight<V>>();
  const reliable = opts.reliable ?? (() => true);
  const ttl = opts.ttlMs ?? Number.POSITIVE_INFINITY;
  let hits = 0;
  let misses = 0;

  function fresh(key: K): Entry<V> | undefined {
    const entry = entries.get(key);
    if (entry && ttl !== Number.POSITIVE_INFINITY && entry.until <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function store(key: K, value: V): void {
    if (entries.size >= opts.max && !entries.has(key)) entries.delete(entries.keys().next().value as K);
    entries.set(key, { value, until: Date.now() + ttl });
  }

  /** Starts a load for `key` that stores its value only if nothing dropped the key meanwhile. */
  function fly(key: K, promise: Promise<V>): Promise<V> {
    const flight: Flight<V> = { promise };
    flights.set(key, flight);
    promise.then(
      (value) => {
        if (flights.get(key) !== flight) return;
        flights.delete(key);
        store(key, value);
      },
      () => {
        if (flights.get(key) === flight) flights.delete(key);
      },
    );
    return promise;
  }

  return {
    async get(key, load, onMiss) {
      if (!reliable()) {
        misses++;
        onMiss?.();
        return load();
      }
      const entry = fresh(key);
      if (entry) {
        hits++;
        return entry.value;
      }
      misses++;
      onMiss?.();
      return (flights.get(key)?.promise ?? fly(key, load()));
    },

    async getMany(keys, loadMany, onMiss) {
      const found = new Map<K, V>();
      if (!reliable()) {
        misses += keys.length;
        onMiss?.();
        return loadMany([...keys]);
      }
      const waiting: [K, Promise<V>][] = [];
      const missing: K[] = [];
      for (const key of keys) {
        const entry = fresh(key);
        if (entry) {
          hits++;
          found.set(key, entry.value);
          continue;
        }
        misses++;
        onMiss?.();
        const flight = flights.get(key);
        if (flight) waiting.push([key, flight.promise]);
        else missing.push(key);
      }
      if (missing.length) {
        const batch = loadMany(missing);
        for (const key of missing) {
          // A key the batch does not answer (deleted meanwhile) rejects its own flight: nothing stored.
          const one = batch.then((m) => (m.has(key) ? m.get(key)! : Promise.reject(new Absent())));
          one.catch(() => undefined);
          waiting.push([key, fly(key, one)]);
        }
      }
      for (const [key, promise] of waiting) {
        try {
          found.set(key, await promise);
        } catch (err) {
          if (!(err instanceof Absent)) throw err;
        }
      }
      return found;
    },

    peek(key) {
      return reliable() ? fresh(key)?.value : undefined;
    },

    update(key, change) {
      const entry = entries.get(key);
      if (entry) entry.value = change(entry.value);
      flights.delete(key);
    },

    drop(key) {
      entries.delete(key);
      flights.delete(key);
    },

    dropWhere(test) {
      for (const [key, entry] of entries) if (test(key, entry.value)) entries.delete(key);
      for (const key of flights.keys()) if (test(key, undefined)) flights.delete(key);
    },

    clear() {
      entries.clear();
      flights.clear();
    },

    get size() {
      return entries.size;
    },

    stats: () => ({ hits, misses }),
  };
}

/** A key the batch load did not find: left out of the answer, never cached. */
class Absent extends Error {}
