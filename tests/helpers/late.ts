/**
 * What a fixture answers before its beforeAll has run: an object whose every member reads, when
 * used, the value `get` answers then. Used too early (at the top of a file), it says so.
 */
export function late<T extends object>(get: () => T | undefined, what: string): T {
  const now = (): T => {
    const value = get();
    if (!value) throw new Error(`${what} starts in beforeAll: use it inside a test or hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = now();
      const member = Reflect.get(value, key, value);
      return typeof member === 'function' ? member.bind(value) : member;
    },
    has: (_, key) => Reflect.has(now(), key),
    ownKeys: () => Reflect.ownKeys(now()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(now(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
