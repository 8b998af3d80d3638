import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlCharsMessage } from '../../../contract/common';
import { files } from '../../db/schema/index';
import * as samples from '../../../tests/helpers/media-samples';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { fileRowCount, storedFiles, uploadAvatar, uploadForm } from '../../../tests/helpers/upload';

// The upload form's text fields follow the contract's rules; a retry with the same key stores once.

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });
let owner: TestClient;
let other: TestClient;
let png: Buffer;

beforeAll(async () => {
  owner = t.client();
  other = t.client();
  await signUp(owner);
  await signUp(other);
  png = await samples.pngWithAlpha(40, 30);
});

const form = (fields: Record<string, string>, bytes: Buffer | null = png) => uploadForm(bytes, 'pic.png', fields, 'image/png');

async function refused(fields: Record<string, string>) {
  const [rows, objects] = [await fileRowCount(t.database), await storedFiles(t.config.uploadsDir)];
  const res = await owner.post('/api/files', form(fields));
  expect(res.status, res.text).toBe(400);
  expect(await fileRowCount(t.database)).toBe(rows);
  expect(await storedFiles(t.config.uploadsDir)).toEqual(objects);
  return res;
}

describe('isPublic', () => {
  for (const spelling of ['False', '0', 'no', 'off', ' false', 'false ', 'TRUE', '1', 'yes', '']) {
    it(`refuses ${JSON.stringify(spelling)} with 400 and stores nothing`, async () => {
      const res = await refused({ isPublic: spelling });
      expect(res.body.message).toBe('isPublic must be true or false');
    });
  }
  it('accepts exactly true and false', async () => {
    const priv = await owner.post('/api/files', form({ isPublic: 'false' }));
    expect(priv.status).toBe(201);
    expect(priv.body.isPublic).toBe(false);
    const pub = await owner.post('/api/files', form({ isPublic: 'true' }));
    expect(pub.body.isPublic).toBe(true);
  });
});

describe('control characters in form fields', () => {
  for (const field of ['name', 'description', 'tags', 'folderId', 'somethingElse']) {
    it(`a NUL in ${field} answers 400 and stores nothing`, async () => {
      const res = await refused({ [field]: `a\u0000b` });
      expect(res.body.message).toBe(controlCharsMessage);
    });
  }
  it('other control characters in the name are refused; the description keeps its line breaks and tabs', async () => {
    expect((await refused({ name: 'bell\u0007' })).body.message).toBe(controlCharsMessage);
    expect((await refused({ name: 'two\nlines' })).body.message).toBe(controlCharsMessage);
    const res = await owner.post('/api/files', form({ description: 'line one\r\n\tline two' }));
    expect(res.status).toBe(201);
    expect(res.body.description).toBe('line one\r\n\tline two');
  });
  it('a NUL in an avatar form field answers 400', async () => {
    const res = await uploadAvatar(owner, png, 'a.png', 'image/png', { note: 'x\u0000' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(controlCharsMessage);
  });
});

describe('idempotent upload', () => {
  it('a retry with the same key answers the first upload and stores nothing new', async () => {
    const key = `retry-${Date.now()}-abc`;
    const first = await owner.post('/api/files', form({ idempotencyKey: key, name: 'once' }));
    expect(first.status).toBe(201);
    const [rows, objects] = [await fileRowCount(t.database), await storedFiles(t.config.uploadsDir)];
    const again = await owner.post('/api/files', form({ idempotencyKey: key, name: 'once' }));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await fileRowCount(t.database)).toBe(rows);
    expect(await storedFiles(t.config.uploadsDir)).toEqual(objects);
  });

  it('the key may come as the Idempotency-Key header', async () => {
    const key = `hdr-${Date.now()}-xyz`;
    const first = await owner.post('/api/files', form({}), { 'idempotency-key': key });
    const again = await owner.post('/api/files', form({}), { 'idempotency-key': key });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
  });

  it('concurrent tries with one key store one file', async () => {
    const key = `race-${Date.now()}-key`;
    const before = await storedFiles(t.config.uploadsDir);
    const answers = await Promise.all([1, 2, 3].map(() => owner.post('/api/files', form({ idempotencyKey: key }))));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const rows = await t.database.db.select().from(files).where(eq(files.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    // Only the winner's objects were kept.
    const added = (await storedFiles(t.config.uploadsDir)).filter((o) => !before.includes(o));
    const uuid = rows[0].keyBase.split('/').pop()!;
    expect(added.filter((o) => !o.includes(uuid))).toEqual([]);
  });

  it("different members' keys do not collide", async () => {
    const key = `shared-${Date.now()}-key`;
    const a = await owner.post('/api/files', form({ idempotencyKey: key }));
    const b = await other.post('/api/files', form({ idempotencyKey: key }));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(b.body.userId).not.toBe(a.body.userId);
  });

  it('refuses a malformed key', async () => {
    for (const bad of ['short', 'x'.repeat(101), 'has space here', 'semi;colon;key']) {
      const res = await refused({ idempotencyKey: bad });
      expect(res.body.message).toMatch(/idempotency key/);
    }
  });
});
