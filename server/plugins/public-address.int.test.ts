import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/helpers/test-app';
import { newMember } from '../../tests/helpers/test-client';

// The address a server prints (127.0.0.1, a LAN address) is not always PUBLIC_URL: its pages
// send the browser to PUBLIC_URL, where sign-up passes the origin check (decision 030).
const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
const printed = 'localhost:41999';

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { host: printed, accept: 'text/html', ...headers } });
}

describe('a page opened under another address', () => {
  it('redirects to the same path and query at PUBLIC_URL', async () => {
    for (const path of ['/', '/auth', '/file/3?from=search', '/profile/7']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(`${t.config.publicUrl}${path}`);
    }
  });

  it('leaves PUBLIC_URL itself, the API, uploads and proxied requests alone', async () => {
    expect((await get('/auth', { host: new URL(t.config.publicUrl).host })).statusCode).not.toBe(302);
    expect((await get('/api/config')).statusCode).toBe(200);
    expect((await get('/uploads/none.jpg', { accept: 'image/*' })).statusCode).toBe(404);
    expect((await get('/auth', { 'x-forwarded-for': '10.0.0.1' })).statusCode).not.toBe(302);
    expect((await get('/auth', { via: '1.1 proxy' })).statusCode).not.toBe(302);
  });

  it('refuses a sign-up sent from that page with a message naming the address to open, and creates nobody', async () => {
    const member = newMember();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { host: printed, origin: `http://${printed}`, 'sec-fetch-site': 'same-origin' },
      payload: member,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`This page is open at http://${printed}, but Kaleido's address is ${t.config.publicUrl}: open ${t.config.publicUrl} and try again`);
    const again = await t.client().post('/api/register', member);
    expect(again.status).toBe(201);
  });
});
