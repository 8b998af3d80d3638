import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, endpointKey, endpointQuery, endpointUrl } from './call';

function fakeFetch(status: number, body: string) {
  const fn = vi.fn(async (_url: string, _init: RequestInit) => new Response(body || null, { status }));
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('call (the one way the screens reach the server)', () => {
  it("sends the entry's method to its path, with credentials and a JSON body", async () => {
    const fetchMock = fakeFetch(201, '{"id":3}');
    await expect(call('createFolder', { body: { name: 'Trips' } })).resolves.toEqual({ id: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/folders', {
      method: 'POST', credentials: 'include', signal: undefined, headers: { 'Content-Type': 'application/json' }, body: '{"name":"Trips"}',
    });
  });

  it('fills params, adds the query, sends no content type without a body and answers null for an empty body', async () => {
    const fetchMock = fakeFetch(204, '');
    await expect(call('removeFolderFile', { params: { id: 4, fileId: 9 } })).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/folders/4/files/9', { method: 'DELETE', credentials: 'include', signal: undefined });
    const signal = new AbortController().signal;
    fakeFetch(200, '[]');
    await call('listFolders', { query: { offset: 20, limit: 20 } }, { signal });
    expect(vi.mocked(fetch).mock.calls[0][0]).toBe('/api/folders?offset=20&limit=20');
    expect(vi.mocked(fetch).mock.calls[0][1]).toMatchObject({ method: 'GET', signal });
  });

  it('sends a FormData body as multipart (no JSON content type)', async () => {
    const fetchMock = fakeFetch(201, '{"id":1}');
    const form = new FormData();
    form.append('name', 'x');
    await call('uploadFile', { body: form });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', body: form });
    expect(fetchMock.mock.calls[0][1].headers).toBeUndefined();
  });

  it('throws the error rule message', async () => {
    fakeFetch(400, '{"message":"Bad"}');
    await expect(call('register', { body: {} as never })).rejects.toThrow('400: {"message":"Bad"}');
  });
});

describe('addresses and keys from entries', () => {
  it('encodes params and skips empty query values', () => {
    expect(endpointUrl('searchUsers', { params: { term: 'a/b c' } })).toBe('/api/users/search/a%2Fb%20c');
    expect(endpointUrl('searchFiles', { query: { q: 'red & blue', sortBy: undefined } })).toBe('/api/files/search?q=red+%26+blue');
  });

  it('keys a read by its segments, so a prefix without params covers every call below it', () => {
    expect(endpointKey('listUserFiles', { params: { id: 4 }, query: { offset: 0 } })).toEqual(['/api/users', 4, 'files', { offset: 0 }]);
    expect(endpointKey('getFolder')).toEqual(['/api/folders']);
    expect(endpointQuery('getFolder', { params: { id: 2 } }).queryKey).toEqual(['/api/folders', 2]);
  });
});
