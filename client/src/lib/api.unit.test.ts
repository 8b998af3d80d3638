import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, endpointUrl } from './call';
import { errorStatus, failureText, orOnStatus, serverMessage, throwIfResNotOk, toQueryString, withRetryAfter } from './api';
import { shouldRetry } from './query-client';

function fakeFetch(status: number, body: string, statusText = '') {
  const fn = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe('addresses', () => {
  it('reads a path alone', () => {
    expect(endpointUrl('getCurrentUser')).toBe('/api/user');
  });
  it('turns an object into a query string, skipping null and empty strings', () => {
    expect(`/api/files/random${toQueryString({ limit: 20, q: '', tag: null, type: 'image' })}`).toBe('/api/files/random?limit=20&type=image');
  });
  it('leaves no question mark when every value is skipped', () => {
    expect(endpointUrl('searchFiles', { query: { q: '' } })).toBe('/api/files/search');
  });
  it('encodes query values', () => {
    expect(endpointUrl('searchFiles', { query: { q: 'red & blue' } })).toBe('/api/files/search?q=red+%26+blue');
  });
  it('fills the params of a path of several parts', () => {
    expect(endpointUrl('listFolderFiles', { params: { id: 5 } })).toBe('/api/folders/5/files');
    expect(endpointUrl('listUserFiles', { params: { id: 4 }, query: { offset: 0, search: '' } })).toBe('/api/users/4/files?offset=0');
  });
});

describe('error rule', () => {
  it('uses the status and the body text', async () => {
    await expect(throwIfResNotOk(new Response('{"message":"Nope"}', { status: 409 }))).rejects.toThrow('409: {"message":"Nope"}');
  });
  it('falls back to the status text when the body is empty', async () => {
    await expect(throwIfResNotOk(new Response(null, { status: 503, statusText: 'Service Unavailable' }))).rejects.toThrow('503: Service Unavailable');
  });
  it('reads the status and the server message back out of the error', () => {
    const error = new Error('401: {"message":"Invalid email or password"}');
    expect(errorStatus(error)).toBe(401);
    expect(serverMessage(error, 'fallback')).toBe('Invalid email or password');
    expect(serverMessage(new Error('500: <html>'), 'fallback')).toBe('fallback');
    expect(serverMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});

describe('orOnStatus', () => {
  it('answers the fallback on the status it names', async () => {
    fakeFetch(401, '{"message":"Unauthorized"}');
    await expect(orOnStatus(call('getCurrentUser'), 401, null)).resolves.toBeNull();
  });
  it('throws on any other', async () => {
    fakeFetch(401, '{"message":"Unauthorized"}');
    await expect(orOnStatus(call('getCurrentUser'), 404, null)).rejects.toThrow('401: {"message":"Unauthorized"}');
  });
});

describe('shouldRetry (one retry)', () => {
  it('retries a network or server failure once', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(0, new Error('500: oops'))).toBe(true);
    expect(shouldRetry(1, new Error('500: oops'))).toBe(false);
  });
  it('does not repeat a request the server refused', () => {
    expect(shouldRetry(0, new Error('401: Unauthorized'))).toBe(false);
    expect(shouldRetry(0, new Error('429: slow down'))).toBe(false);
  });
});

describe('withRetryAfter (a member past a write budget, decision 021)', () => {
  it("waits the server's Retry-After and sends again, then answers", async () => {
    const fn = vi.fn(async () => new Response('{"message":"slow"}', { status: 429, headers: { 'retry-after': '7' } }));
    fn.mockImplementationOnce(async () => new Response('{"message":"slow"}', { status: 429, headers: { 'retry-after': '7' } }));
    fn.mockImplementationOnce(async () => new Response('{"id":1}', { status: 201 }));
    vi.stubGlobal('fetch', fn);
    const waited: number[] = [];
    const answer = await withRetryAfter(() => call('analyzeFileTags', { params: { id: 1 } }), 4, async (ms) => void waited.push(ms));
    expect(answer).toEqual({ id: 1 });
    expect(waited).toEqual([7000]);
  });
  it('gives up after its tries, and never repeats another refusal', async () => {
    fakeFetch(429, '{"message":"slow"}');
    const waited: number[] = [];
    await expect(withRetryAfter(() => call('likeFile', { params: { id: 1 } }), 3, async (ms) => void waited.push(ms))).rejects.toThrow('429: ');
    expect(waited).toEqual([5000, 5000]);
    const refused = fakeFetch(403, '{"message":"no"}');
    await expect(withRetryAfter(() => call('likeFile', { params: { id: 1 } }), 3, async () => {})).rejects.toThrow('403: ');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

describe('failureText', () => {
  it("keeps the spec's string, except for a member past a write budget", () => {
    expect(failureText(new Error('500: {"message":"Internal server error"}'), 'Failed to add comment')).toBe('Failed to add comment');
    expect(failureText(new Error('429: {"message":"You\'re doing that too often. Please wait a moment and try again."}'), 'Failed to add comment')).toBe(
      "You're doing that too often. Please wait a moment and try again.",
    );
  });
});
