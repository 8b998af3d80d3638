import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTestApp, waitForMail } from '../../../tests/helpers/test-app';
import { newMember } from '../../../tests/helpers/test-client';

// Request logging is on in production: it must never write a password, a session cookie or a
// reset token, whichever way they travel (body, header, query string). At debug every request
// is logged, so the most talkative level is the one checked.
let log = '';
const stream = new PassThrough();
stream.on('data', (c: Buffer) => (log += c.toString('utf8')));
const t = useTestApp({ LOG_LEVEL: 'debug' }, {}, { logStream: stream });

describe('request log', () => {
  it('holds requests but no password, cookie or token', async () => {
    const c = t.client();
    const m = newMember({ password: 'very-secret-pass-1' });
    expect((await c.post('/api/register', m)).status).toBe(201);
    const cookie = c.cookies.get('kaleido_session')!;
    expect((await c.get('/api/user')).status).toBe(200);
    await c.post('/api/auth/forgot-password', { email: m.email });
    const mail = await waitForMail(t, (x) => x.to === m.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
    expect((await c.get(`/api/auth/reset-password/validate?token=${encodeURIComponent(token)}`)).body.valid).toBe(true);
    await c.get(`/reset-password?token=${encodeURIComponent(token)}`, { accept: 'text/html' });
    expect((await c.post('/api/auth/reset-password', { token, password: 'another-secret-9' })).status).toBe(200);

    expect(log).toContain('/api/auth/reset-password/validate?token=[redacted]');
    expect(log).toContain('"url":"/api/register"');
    for (const secret of ['very-secret-pass-1', 'another-secret-9', cookie, token, encodeURIComponent(token)]) {
      expect(log.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});

describe('request log and invite links', () => {
  it('masks the token of an invite link in every line: the page, the lookup, accept and decline', async () => {
    const owner = t.client();
    await owner.post('/api/register', newMember());
    const folder = await owner.post('/api/folders', { name: 'Shared' });
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) tokens.push((await owner.post(`/api/folders/${folder.body.id}/invites`, { role: 'VIEWER' })).body.token);
    const guest = t.client();
    await guest.post('/api/register', newMember());
    await guest.get(`/invite/${tokens[0]}`, { accept: 'text/html' });
    expect((await guest.get(`/api/invites/${tokens[0]}`)).status).toBe(200);
    expect((await guest.post(`/api/invites/${tokens[0]}/accept`)).status).toBe(200);
    expect((await guest.post(`/api/invites/${tokens[1]}/decline`)).status).toBe(200);
    expect(log).toContain('/api/invites/[redacted]/accept');
    expect(log).toContain('/api/invites/[redacted]/decline');
    for (const token of tokens) expect(log.includes(token), `log contains ${token.slice(0, 6)}…`).toBe(false);
  });
});

describe('request log at info', () => {
  let info = '';
  const infoStream = new PassThrough();
  infoStream.on('data', (c: Buffer) => (info += c.toString('utf8')));
  const i = useTestApp({ LOG_LEVEL: 'info' }, {}, { logStream: infoStream });

  it('holds writes and errors, one line each, but not quick successful reads', async () => {
    const c = i.client();
    expect((await c.post('/api/register', newMember())).status).toBe(201);
    expect((await c.get('/api/user')).status).toBe(200);
    expect((await c.get('/api/files/999999')).status).toBe(404);
    const lines = info.trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(lines.map((l) => `${l.method} ${l.url} ${l.status}`)).toEqual(['POST /api/register 201', 'GET /api/files/999999 404']);
  });
});
