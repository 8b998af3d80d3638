import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../server/db/client';
import { files } from '../../server/db/schema/index';
import type { TestClient, TestResponse } from './test-client';

// One way for integration tests to upload: the form the upload dialog sends to POST /api/files
// (its fields first, then the file). Tests about refusals take the raw answer (`upload`); the
// rest take the created file (`uploadOk`), which has already been checked to be a 201.

export type UploadFields = Record<string, string>;

/** The real photos of tests/fixtures/photos (chelsea-cat.jpg, coffee-cup.jpg, grass.jpg…). */
export const PHOTOS = path.resolve(import.meta.dirname, '../fixtures/photos');

/** The bytes of one photo of PHOTOS. */
export function photo(name: string): Promise<Buffer> {
  return readFile(path.join(PHOTOS, name));
}

/** The multipart body of one upload; `bytes` null leaves the file out. Without `type` the part goes as application/octet-stream. */
export function uploadForm(bytes: Uint8Array | null, filename: string, fields: UploadFields = {}, type?: string): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], type ? { type } : {}), filename);
  return form;
}

/** POST /api/files as `client`; answers the response as it came. */
export function upload(client: TestClient, bytes: Uint8Array | null, filename: string, fields: UploadFields = {}, type?: string): Promise<TestResponse> {
  return client.post('/api/files', uploadForm(bytes, filename, fields, type));
}

/** POST /api/files as `client`, expecting 201; answers the created file. */
export async function uploadOk<T = { id: number; [k: string]: any }>(client: TestClient, bytes: Uint8Array, filename: string, fields: UploadFields = {}, type?: string): Promise<T> {
  const res = await upload(client, bytes, filename, fields, type);
  expect(res.status, res.text).toBe(201);
  return res.body as T;
}

/** The multipart body of an avatar change (PUT /api/user/avatar): `fields` first, then the picture as `avatar`. */
export function avatarForm(bytes: Uint8Array, filename = 'me.png', type = 'image/png', fields: UploadFields = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

/** PUT /api/user/avatar as `client`; answers the response as it came. */
export function uploadAvatar(client: TestClient, bytes: Uint8Array, filename?: string, type?: string, fields?: UploadFields): Promise<TestResponse> {
  return client.put('/api/user/avatar', avatarForm(bytes, filename, type, fields));
}

/** Every file stored under `dir` (an uploads folder), relative to it with / separators, sorted; none when it does not exist. */
export async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** How many rows the files table holds: with storedFiles, proof that a refused upload left nothing. */
export async function fileRowCount(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(files);
  return row.n;
}
