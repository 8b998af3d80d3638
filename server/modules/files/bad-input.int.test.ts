import { beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { upload } from '../../../tests/helpers/upload';

// Weird input on every file route answers a 4xx with `{ message }`, never a 500: ids past
// int4 would otherwise reach PostgreSQL ('out of range for type integer'), and a multipart
// body without a boundary would reach the parser.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let member: TestClient;

beforeAll(async () => {
  member = t.client();
  await signUp(member);
});

const routes: [string, string, unknown?][] = [
  ['GET', ''],
  ['GET', '/comments'],
  ['GET', '/optimization'],
  ['GET', '/content'],
  ['GET', '/download'],
  ['POST', '/like'],
  ['DELETE', '/like'],
  ['POST', '/comments', { content: 'hello' }],
  ['PATCH', '/tags', { tags: ['a'] }],
  ['POST', '/analyze-tags'],
  ['DELETE', ''],
];

describe('file ids', () => {
  it.each(['2147483648', '99999999999999999999', '-1', '0', 'abc', '1.5'])('id %s answers 400 or 404 on every route', async (id) => {
    for (const [method, suffix, body] of routes) {
      const res = await member.request(method, `/api/files/${id}${suffix}`, body);
      expect([400, 404], `${method} ${suffix} → ${res.status} ${res.text}`).toContain(res.status);
      expect(res.body).toHaveProperty('message');
    }
  });

  it('a feed cursor past int4 is a 400', async () => {
    const res = await member.get('/api/files?before=2147483648');
    expect(res.status).toBe(400);
  });
});

describe('multipart without a boundary', () => {
  it('is a 400 on the upload, not a 500', async () => {
    const res = await member.request('POST', '/api/files', undefined, { 'content-type': 'multipart/form-data' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });

  it('a body cut short is a 400 and stores nothing', async () => {
    const boundary = 'XyZ';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), (await samples.jpegWithExifAndGps()).subarray(0, 500)]);
    const res = await fetch(`${t.url}/api/files`, {
      method: 'POST',
      headers: { origin: t.url, cookie: member.cookieHeader, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(body),
    });
    expect(res.status).toBe(400);
    expect((await member.get('/api/files')).body).toEqual([]);
  });
});

describe('download names', () => {
  it('encodes every character RFC 5987 does not allow, and keeps the header on one line', async () => {
    const up = await upload(member, samples.ooxml('docx'), "it's (draft) *1*\u00e9.docx");
    expect(up.status).toBe(201);
    const res = await member.get(`/api/files/${up.body.id}/download`);
    const header = res.headers.get('content-disposition')!;
    const ext = header.split("filename*=UTF-8''")[1];
    expect(ext).toBe('it%27s%20%28draft%29%20%2A1%2A%C3%A9.docx');
    expect(header).not.toMatch(/[\r\n]/);
  });
});
