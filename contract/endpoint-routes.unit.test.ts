import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRoutes, ROUTES_FILE } from '../scripts/endpoint-routes';
import { endpoints } from './api';
import { buildPath, pathKey } from './endpoint-path';

describe('the endpoint table', () => {
  it('is what contract/endpoint-routes.ts says (run `npm run contract` after changing contract/api)', () => {
    expect(fs.readFileSync(ROUTES_FILE, 'utf8')).toBe(renderRoutes());
  });

  it('has one entry per method and path', () => {
    const seen = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(seen.filter((key, i) => seen.indexOf(key) !== i)).toEqual([]);
  });

  it('names every path param in the entry’s params schema', () => {
    for (const [name, e] of Object.entries(endpoints)) {
      // `*` (the rest of a path) is a param too, named `*` as fastify names it.
      const names = [...e.path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
      const shape = 'params' in e && e.params ? Object.keys((e.params as unknown as { shape: object }).shape) : [];
      expect(shape.sort(), name).toEqual(names.sort());
    }
  });
});

describe('paths and keys from patterns', () => {
  it('fills and encodes params', () => {
    expect(buildPath('/api/folders/:id/files/:fileId', { id: 4, fileId: 9 })).toBe('/api/folders/4/files/9');
    expect(buildPath('/api/users/search/:term', { term: 'a b/c' })).toBe('/api/users/search/a%20b%2Fc');
    expect(() => buildPath('/api/folders/:id', {})).toThrow('missing :id');
  });

  it('keys a read under its first segment, params as given, query last', () => {
    expect(pathKey('/api/users/:id/files', { id: 4 }, { offset: 0 })).toEqual(['/api/users', 4, 'files', { offset: 0 }]);
    expect(pathKey('/api/files/:id', {})).toEqual(['/api/files']);
    expect(pathKey('/api/notifications', undefined, { limit: undefined })).toEqual(['/api/notifications']);
  });
});
