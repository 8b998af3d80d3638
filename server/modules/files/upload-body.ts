import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_NAME_MAX, fileMessages } from '../../../contract/files';
import { FILE_MAX_BYTES } from '../../../contract/limits';
import { PayloadTooLargeError } from '../../lib/errors';
import { QuotaExceededError } from '../users/storage-quota';

/** Prefix of each upload's scratch folder under `tmpDir`; the start-up sweep empties what a crash left. */
export const UPLOAD_TMP_PREFIX = 'kaleido-upload-';

/** The bytes the member's quota leaves (null: no quota); a longer file part is cut there and refused. */
export type UploadRoom = { bytes: number; quota: number } | null;

/**
 * An upload's body as read: its text fields, whatever their order, and the one `file` part as a
 * temporary file. `failure`: what cut the reading short (a refusal for size or quota, a broken
 * connection); the fields read before it are kept, since a quota refusal may concern a folder.
 */
export type UploadBody = { fields: Record<string, string>; part: { filename: string; path: string } | null; failure?: unknown };

/** Path parts, control characters and excess length removed; what is left is only shown, never a path. */
export function safeDisplayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, '').trim();
  return clean.slice(0, FILE_NAME_MAX) || 'Untitled';
}

/** Streams the one file part to `dir` (never the whole upload in memory), cut at the quota's room. */
async function receive(request: FastifyRequest, dir: string, room: UploadRoom, fields: UploadBody['fields']): Promise<UploadBody> {
  let part: UploadBody['part'] = null;
  const byQuota = room !== null && room.bytes < FILE_MAX_BYTES;
  const limits = byQuota ? { limits: { fileSize: room.bytes } } : {};
  for await (const p of request.parts(limits)) {
    if (p.type === 'field') {
      if (typeof p.value === 'string') fields[p.fieldname] = p.value;
      continue;
    }
    const file = p as MultipartFile;
    if (file.fieldname !== 'file' || part) {
      file.file.resume();
      continue;
    }
    const dest = path.join(dir, 'upload');
    const tooLarge = () => (byQuota ? new QuotaExceededError(room.quota) : new PayloadTooLargeError(fileMessages.tooLarge(safeDisplayName(file.filename || 'File'))));
    await pipeline(file.file, fs.createWriteStream(dest)).catch((err) => {
      throw (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
    });
    if (file.file.truncated) throw tooLarge();
    part = { filename: file.filename, path: dest };
  }
  return { fields, part };
}

/** The multipart limit's own refusal named as the member meets it: their quota, or the size limit. */
function refusalOf(err: unknown, room: UploadRoom): unknown {
  if (err instanceof QuotaExceededError) return err;
  if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return room && room.bytes < FILE_MAX_BYTES ? new QuotaExceededError(room.quota) : new PayloadTooLargeError(fileMessages.tooLarge('File'));
  }
  return err;
}

/**
 * Reads the upload's body into fields and a temporary file in a scratch folder of its own under
 * `tmpDir`, hands them to `use` (the upload service), and removes the scratch folder whatever
 * happens. The rest of a body cut short is read and dropped, so the browser reads the 413
 * instead of a connection reset mid-send.
 */
export async function withUploadBody<T>(request: FastifyRequest, o: { tmpDir: string; room: UploadRoom }, use: (body: UploadBody) => Promise<T>): Promise<T> {
  await fsp.mkdir(o.tmpDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(o.tmpDir, UPLOAD_TMP_PREFIX));
  try {
    const fields: UploadBody['fields'] = {};
    const body = await receive(request, dir, o.room, fields).catch((err: unknown): UploadBody => ({ fields, part: null, failure: refusalOf(err, o.room) }));
    return await use(body);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
