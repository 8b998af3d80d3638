import { beforeAll, describe, expect, it } from 'vitest';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { fileRowCount, storedFiles, uploadForm } from '../../../tests/helpers/upload';

// What an upload refuses, and that a refusal leaves nothing behind; names and tags made safe.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let owner: TestClient;

beforeAll(async () => {
  owner = t.client();
  await signUp(owner);
});

const form = (bytes: Buffer | null, filename: string, fields: Record<string, string> = {}) => uploadForm(bytes, filename, fields, 'image/jpeg');

/** Posts the upload and checks that, whatever the answer, it added no row and no bytes. */
async function refused(bytes: Buffer | null, filename: string, fields: Record<string, string> = {}) {
  const [rowsBefore, objectsBefore] = [await fileRowCount(t.database), await storedFiles(t.config.uploadsDir)];
  const res = await owner.post('/api/files', form(bytes, filename, fields));
  expect(await fileRowCount(t.database)).toBe(rowsBefore);
  expect((await storedFiles(t.config.uploadsDir)).sort()).toEqual(objectsBefore.sort());
  return res;
}

const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(504)]);
const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');

describe('POST /api/files refusals leave no row and no bytes', () => {
  it('11 MB → 413 naming the file and the limit', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await refused(big, 'huge.jpg');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('huge.jpg: File too large (max 10MB)');
  });

  it.each([
    ['an .exe renamed .jpg', 'setup.jpg', exe],
    ['an HTML page named .png', 'page.png', html],
    ['an SVG', 'icon.svg', svg],
    ['plain text', 'notes.pdf', Buffer.from('just some text, not a PDF')],
  ])('%s → 415 with a message naming the file', async (_what, name, bytes) => {
    const res = await refused(bytes, name);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: `${name}: File type not supported` });
  });

  it('a pixel bomb (30 000 × 30 000 declared in a tiny PNG) → 413 with a clear message', async () => {
    const res = await refused(samples.pngBomb(), 'bomb.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('bomb.png: Image dimensions are too large (max 100 megapixels)');
  });

  it('a request with no file → 400', async () => {
    const res = await refused(null, '', { name: 'nothing', tags: 'a' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Choose a file to upload');
  });

  it('two files in one request → 400 asking for one, and nothing stored', async () => {
    const [rowsBefore, objectsBefore] = [await fileRowCount(t.database), await storedFiles(t.config.uploadsDir)];
    const f = form(await samples.gif(), 'one.gif');
    f.append('file', new Blob([new Uint8Array(await samples.gif())], { type: 'image/gif' }), 'two.gif');
    const res = await owner.post('/api/files', f);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send one file per request');
    expect(await fileRowCount(t.database)).toBe(rowsBefore);
    expect((await storedFiles(t.config.uploadsDir)).sort()).toEqual(objectsBefore.sort());
  });

  it('a signed-out visitor → 401', async () => {
    const res = await t.client().post('/api/files', form(await samples.gif(), 'x.gif'));
    expect(res.status).toBe(401);
  });

  it('21 tags → 400', async () => {
    const tags = Array.from({ length: 21 }, (_, i) => `tag${i}`).join(',');
    const res = await refused(await samples.gif(), 'tags.gif', { tags });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A file can have at most 20 tags');
  });

  it('a 41-character tag → 400', async () => {
    const res = await refused(await samples.gif(), 'tags.gif', { tags: `ok,${'x'.repeat(41)}` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Each tag must be 40 characters or less');
  });
});

describe('POST /api/files makes names and tags safe', () => {
  it('lower-cases, trims and de-duplicates tags; 20 tags of 40 characters are fine', async () => {
    const res = await owner.post('/api/files', form(await samples.gif(), 'a.gif', { tags: ' Sunset, BEACH ,sunset,, beach ,Travel  Plans' }));
    expect(res.status).toBe(201);
    expect(res.body.tags).toEqual(['sunset', 'beach', 'travel plans']);
    const max = Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(40, 'y')).join(',');
    const full = await owner.post('/api/files', form(await samples.gif(), 'b.gif', { tags: max }));
    expect(full.status).toBe(201);
    expect(full.body.tags).toHaveLength(20);
  });

  it.each([
    ['../../../etc/passwd.gif', 'passwd.gif'],
    ['C:\\Users\\me\\Desktop\\holiday.gif', 'holiday.gif'],
    ['bad\u0001na\u007fme\u202e.gif', 'badname.gif'],
  ])('the file name %j is shown as %j and never used as a path', async (sent, shown) => {
    const before = new Set(await storedFiles(t.config.uploadsDir));
    const res = await owner.post('/api/files', form(await samples.gif(), sent));
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(shown);
    const added = (await storedFiles(t.config.uploadsDir)).filter((k) => !before.has(k));
    expect(added).toHaveLength(4);
    for (const k of added) expect(k).toMatch(/^(thumbnails[/\\])?[0-9a-f]{2}[/\\][0-9a-f]{2}[/\\][0-9a-f-]{36}(_original\.gif|\.jpg|\.webp|_thumb\.webp)$/);
    const download = await owner.get(`/api/files/${res.body.id}/download`);
    expect(download.headers.get('content-disposition')).toContain(`filename="${shown}"`);
  });

  it('a display name with path parts or 500 characters is cleaned and cut to 200 (control characters: 400, upload-fields.int.test.ts)', async () => {
    const res = await owner.post('/api/files', form(await samples.gif(), 'x.gif', { name: `My dir/../trip${'z'.repeat(500)}` }));
    expect(res.status).toBe(201);
    expect(res.body.name).not.toMatch(/[\u0000-\u001f/]/);
    expect(res.body.name.length).toBeLessThanOrEqual(200);
    expect(res.body.name.startsWith('trip')).toBe(true);
  });

  it("control characters in the browser's file name (not a form field) are cleaned, not refused", async () => {
    const res = await owner.post('/api/files', form(await samples.gif(), 'tr\u0007ip.gif'));
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('trip.gif');
  });
});
