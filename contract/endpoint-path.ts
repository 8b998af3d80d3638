/**
 * Paths from endpoint patterns, without zod (the client's first script uses them): `:name`
 * takes the param's value, encoded; `buildPath('/api/folders/:id', { id: 4 })` is `/api/folders/4`.
 */
export type PathValues = Readonly<Record<string, unknown>> | undefined;

export function buildPath(pattern: string, params: PathValues): string {
  return pattern.replace(/:([A-Za-z_]\w*)|\*/g, (whole, name: string | undefined) => {
    const value = params?.[name ?? '*'];
    if (value === undefined || value === null || value === '') throw new Error(`${pattern}: missing ${whole}`);
    return name ? encodeURIComponent(String(value)) : String(value).split('/').map(encodeURIComponent).join('/');
  });
}

/**
 * A TanStack Query key for a call: the path's segments, with `/api/<first>` as one part so every
 * list under `/api/files` shares the prefix `['/api/files']` that a write invalidates, then the
 * params' values as given (numbers stay numbers), then the query object when there is one.
 * `['/api/users', 4, 'files', { offset: 0 }]` reads `/api/users/4/files?offset=0`.
 */
export function pathKey(pattern: string, params?: PathValues, query?: object): readonly unknown[] {
  const parts = pattern.split('/').filter(Boolean);
  if (parts[0] !== 'api' || parts.length < 2) throw new Error(`${pattern}: not an /api path`);
  const key: unknown[] = [`/api/${parts[1]}`];
  for (const part of parts.slice(2)) {
    if (!part.startsWith(':')) {
      key.push(part);
      continue;
    }
    const value = params?.[part.slice(1)];
    // Without a value the key stops here: a prefix for every call below it.
    if (value === undefined) return key;
    key.push(value);
  }
  if (query && Object.values(query).some((v) => v !== undefined)) key.push(query);
  return key;
}

/** Every endpoint's path starts here; nothing under it is a screen. */
export const API_PREFIX = '/api/';
/** The OpenAPI document of the table (HTML here, JSON at `…/json`). */
export const API_DOCS_PATH = '/api/docs';
