import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_NAME_MAX, fileMessages, tagList, uploadFields } from '../../../contract/files';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../../media/detect-type';
import { processMedia } from '../../media/process-media';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { fileObjects, objectColumns, objectKeys, storedKeys } from '../../storage/file-objects';
import type { Storage } from '../../storage/storage';
import { newKeyBase } from '../../storage/storage';
import type { FileRow, FilesRepo, NewFile } from './files.repo';
import { idField } from '../../../contract/common';
import { folderMessages } from '../../../contract/folders';
import { assertCanEditFiles } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import { visibleFolder, type FolderDeps } from '../folders/folder-deps';
import { ALL } from '../../lib/invalidation-bus';
import type { Announce } from './feed-writes';

type Deps = {
  files: FilesRepo;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Scratch space for the upload in flight; the start-up sweep empties what a crash left. */
  tmpDir: string;
  queue: JobQueue;
  mediaTimeoutMs?: number;
  folders: Pick<FolderDeps, 'folders' | 'links'>;
  /** Tells the read caches what a write inside the upload's transaction changed, once it commits. */
  announce: Announce;
};

/** Prefix of each upload's scratch folder under `tmpDir`. */
export const UPLOAD_TMP_PREFIX = 'kaleido-upload-';

export type UploadResult = { file: FileRow; created: boolean };

/** Path parts, control characters and excess length removed; what is left is only shown, never a path. */
export function safeDisplayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, '').trim();
  return clean.slice(0, FILE_NAME_MAX) || 'Untitled';
}

type Fields = Record<string, string>;

/**
 * Streams the one file part to a temp file (never the whole upload in memory), reads the
 * fields whatever their order, decides the type from the bytes, stores the original and its
 * derivatives, then writes the row. Any failure leaves no row and no stored bytes.
 */
export function createUploadService(d: Deps) {
  async function receive(request: FastifyRequest, tmpDir: string): Promise<{ fields: Fields; part: { filename: string; path: string } | null }> {
    const fields: Fields = {};
    let part: { filename: string; path: string } | null = null;
    for await (const p of request.parts()) {
      if (p.type === 'field') {
        if (typeof p.value === 'string') fields[p.fieldname] = p.value;
        continue;
      }
      const file = p as MultipartFile;
      if (file.fieldname !== 'file' || part) {
        file.file.resume();
        continue;
      }
      const dest = path.join(tmpDir, 'upload');
      const tooLarge = () => new PayloadTooLargeError(fileMessages.tooLarge(safeDisplayName(file.filename || 'File')));
      await pipeline(file.file, fs.createWriteStream(dest)).catch((err) => {
        throw (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge() : err;
      });
      if (file.file.truncated) throw tooLarge();
      part = { filename: file.filename, path: dest };
    }
    return { fields, part };
  }

  /** Inserts the row; when the same member's same key was inserted meanwhile, answers that row. */
  async function insertOnce(
    userId: number,
    idempotencyKey: string | null,
    folderId: number | null,
    values: Omit<NewFile, 'userId' | 'idempotencyKey'>,
  ): Promise<UploadResult> {
    try {
      // The row and its `file.uploaded` job commit together, before the answer: a crash after
      // the answer leaves a queued job that runs at the next start, never a forgotten file.
      // The folder link commits with them: never a file that lost its way into the folder.
      // So does the web rendition's job: a file never stays "Processing…" with nobody on it.
      const enqueue = async (tx: Db, inserted: FileRow) => {
        await d.queue.send('file.uploaded', { fileId: inserted.id }, { tx });
        if (inserted.renditionState === 'pending') await d.queue.send('file.rendition', { fileId: inserted.id }, { tx });
        if (folderId) await d.folders.links.link(folderId, inserted.id, userId, tx);
      };
      const file = await d.files.insert({ ...values, userId, idempotencyKey }, enqueue);
      // A private file in a folder is seen by the folder's members: their grants change.
      if (folderId && !file.isPublic) await d.announce('grants', ALL);
      return { file, created: true };
    } catch (err) {
      if (!idempotencyKey || uniqueViolation(err) !== 'files_user_idempotency_idx') throw err;
      const earlier = await d.files.findByIdempotencyKey(userId, idempotencyKey);
      if (!earlier) throw err;
      return { file: earlier, created: false };
    }
  }

  /** The fields through the contract's rules, or a 400 naming the first bad one. */
  function parseFields(raw: Fields) {
    const parsed = uploadFields.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[0] ?? '_');
      throw new ValidationError(issue.message, { [field]: issue.message });
    }
    return parsed.data;
  }

  /** The folder an upload goes into: the owner's or an editor's, else 404 (unseen) or 403. */
  async function uploadFolder(raw: string, uploader: NonNullable<Viewer>): Promise<number> {
    const id = idField.safeParse(raw);
    if (!id.success) throw new NotFoundError(folderMessages.folderNotFound);
    const folder = await visibleFolder(d.folders, id.data, uploader);
    assertCanEditFiles(folder, uploader);
    return folder.id;
  }

  return {
    /**
     * Stores one upload. With an idempotency key already used by this member, answers that
     * first upload and stores nothing (`created: false`): the client's retry after a lost answer.
     */
    async upload(request: FastifyRequest, uploader: NonNullable<Viewer>, headerKey?: string): Promise<UploadResult> {
      const userId = uploader.id;
      await fsp.mkdir(d.tmpDir, { recursive: true });
      const tmpDir = await fsp.mkdtemp(path.join(d.tmpDir, UPLOAD_TMP_PREFIX));
      let keys: string[] = [];
      try {
        const { fields: raw, part } = await receive(request, tmpDir).catch((err) => {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(fileMessages.tooLarge('File'));
          throw err;
        });
        const fields = parseFields(headerKey === undefined ? raw : { ...raw, idempotencyKey: headerKey });
        const idempotencyKey = fields.idempotencyKey ?? null;
        if (idempotencyKey) {
          const earlier = await d.files.findByIdempotencyKey(userId, idempotencyKey);
          if (earlier) return { file: earlier, created: false };
        }
        if (!part) throw new ValidationError(fileMessages.noFile, { file: fileMessages.noFile });
        const original = safeDisplayName(part.filename || 'file');
        const tags = tagList.safeParse((fields.tags ?? '').split(','));
        if (!tags.success) throw new ValidationError(tags.error.issues[0].message, { tags: tags.error.issues[0].message });
        const description = fields.description ?? '';
        // The folder is checked before any media work: a refused upload stores nothing.
        const folderId = fields.folderId ? await uploadFolder(fields.folderId, uploader) : null;

        const type = await detectFileType(part.path, original);
        if (!type) throw new UnsupportedMediaTypeError(fileMessages.unsupported(original));
        const size = (await fsp.stat(part.path)).size;
        const keyBase = newKeyBase();
        const media = await processMedia({ inputPath: part.path, kind: type.kind, mime: type.mime, storage: d.storage, keyBase, logger: request.log, timeoutMs: d.mediaTimeoutMs }).catch(
          (err) => {
            // The pipeline's refusals (UnsupportedMediaError, ImageTooLargeError) are AppErrors: name the file in them.
            if (err instanceof UnsupportedMediaTypeError) throw new UnsupportedMediaTypeError(fileMessages.unsupported(original));
            if (err instanceof AppError) throw new AppError(err.statusCode, `${original}: ${err.message}`);
            throw err;
          },
        );
        keys = storedKeys(media.derivatives);
        const row = await insertOnce(userId, idempotencyKey, folderId, {
          name: safeDisplayName(fields.name?.trim() || original),
          description,
          tags: tags.data,
          originalName: original,
          fileType: type.mime,
          kind: type.kind,
          size,
          keyBase,
          ...objectColumns(media.derivatives),
          width: media.width,
          height: media.height,
          durationSeconds: media.durationSeconds,
          placeholder: media.placeholder,
          renditionState: media.needsRendition ? 'pending' : null,
          isPublic: fields.isPublic !== 'false',
        });
        // A twin request with the same key won the race: ours is undone by `finally`.
        if (!row.created) return row;
        keys = [];
        return row;
      } finally {
        await Promise.all(keys.map((k) => d.storage.delete(k).catch(() => undefined)));
        await fsp.rm(tmpDir, { recursive: true, force: true });
      }
    },

    /**
     * Removes the row first (nobody can reach the file any more), then every stored object;
     * the web rendition's key too while its job may still be writing it (the row read here
     * may predate the job's update; deleting a missing key is no error).
     */
    async remove(file: FileRow): Promise<void> {
      await d.files.delete(file.id);
      const keys = new Set(fileObjects(file).map(({ key }) => key));
      if (file.renditionState) keys.add(objectKeys(file.keyBase, '').rendition);
      await Promise.all([...keys].map((key) => d.storage.delete(key).catch((err) => d.log.warn({ err, key }, 'could not delete stored object'))));
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
