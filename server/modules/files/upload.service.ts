import fsp from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { fileMessages, tagList, uploadFields } from '../../../contract/files';
import { uniqueViolation } from '../../lib/db-errors';
import { AppError, NotFoundError, UnsupportedMediaTypeError, ValidationError } from '../../lib/errors';
import { detectFileType } from '../../media/detect-type';
import { processMedia } from '../../media/process-media';
import type { EventWriter } from '../../events/event-writer';
import { fileObjects, objectColumns, objectKeys, storedKeys } from '../../storage/file-objects';
import type { Storage } from '../../storage/storage';
import { newKeyBase } from '../../storage/storage';
import type { FileRow, NewFile } from './files.repo';
import type { Files } from './file-writes';
import { idField } from '../../../contract/common';
import { folderMessages } from '../../../contract/folders';
import { assertCanEditFiles } from '../../access/folder-access';
import type { Viewer } from '../../access/visibility';
import { visibleFolder, type FolderDeps } from '../folders/folder-deps';
import { hashtagsOf, mentionsOf } from '../../../contract/post-text';
import { QuotaExceededError, type StorageQuota } from '../users/storage-quota';
import type { LoadedFolder } from '../folders/folders.repo';
import { safeDisplayName, type UploadBody, type UploadRoom } from './upload-body';
import type { FolderFilesRepo } from '../folders/folder-files.repo';

type Member = { username: string; firstName: string | null; lastName: string | null; profileImageKey: string | null };

type Deps = {
  files: Files;
  storage: Storage;
  log: FastifyBaseLogger;
  mediaTimeoutMs?: number;
  /** The folder an upload goes into, and its link, written in the upload's transaction. */
  folders: Pick<FolderDeps, 'folders'> & { links: Pick<FolderFilesRepo, 'link'> };
  /** Records the upload's event (server/events/event-table.ts: its jobs and the caches it changes). */
  events: EventWriter;
  /** Told how long each media process took, by kind (the media-process metric). */
  observeMedia?: (kind: string, seconds: number) => void;
  /** The member's storage quota: checked before, during and at the end of the upload. */
  quota: StorageQuota;
};

/** The uploader as the session loaded them: their own quota rides along. */
type Uploader = NonNullable<Viewer> & Member & { storageQuotaBytes: number | null };

export type UploadResult = { file: FileRow; created: boolean };

type Fields = UploadBody['fields'];

/**
 * Takes an upload's fields and temporary file (upload-body.ts reads them from the request),
 * decides the type from the bytes, stores the original and its derivatives, then writes the
 * row. Any failure leaves no row and no stored bytes.
 */
export function createUploadService(d: Deps) {
  /** Inserts the row; when the same member's same key was inserted meanwhile, answers that row. */
  async function insertOnce(
    userId: number,
    idempotencyKey: string | null,
    folderId: number | null,
    values: Omit<NewFile, 'userId' | 'idempotencyKey'>,
    uploader: Uploader,
  ): Promise<UploadResult> {
    try {
      // The row, its folder link and the jobs of its event commit together, before the answer: a
      // crash after the answer leaves queued jobs that run at the next start, never a forgotten
      // file, nor one that lost its way into the folder.
      const file = await d.events.write(async (tx, emit) => {
        const inserted = await d.files.insert(tx, { ...values, userId, idempotencyKey });
        // The quota first, under the member's row lock: a racing upload of theirs waits, then counts this one.
        await d.quota.settle(tx, uploader);
        if (folderId) await d.folders.links.link(tx, folderId, inserted.id, userId);
        emit({
          type: 'file.uploaded',
          fileId: inserted.id,
          ownerId: userId,
          isPublic: inserted.isPublic,
          folderId,
          needsRendition: inserted.renditionState === 'pending',
          mentions: mentionsOf(inserted.description).length > 0,
        });
        return inserted;
      });
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
  async function uploadFolder(raw: string, uploader: NonNullable<Viewer>): Promise<LoadedFolder> {
    const id = idField.safeParse(raw);
    if (!id.success) throw new NotFoundError(folderMessages.folderNotFound);
    const folder = await visibleFolder(d.folders, id.data, uploader);
    assertCanEditFiles(folder, uploader);
    return folder;
  }

  /** A refusal for the quota of an upload into someone's folder tells its owner (their preference permitting). */
  async function tellFolderOwner(err: unknown, uploader: Uploader, folderId: string | undefined): Promise<void> {
    if (!(err instanceof QuotaExceededError) || !folderId) return;
    try {
      // The folder as the uploader may upload to it (their refusal may have come before it was checked).
      await d.quota.refusedInFolder(uploader, await uploadFolder(folderId, uploader));
    } catch {
      // Not a folder they may upload to: nobody to tell.
    }
  }

  return {
    /**
     * Before the body is read: a retry of an upload already stored answers it, whatever room is
     * left; otherwise the room the quota leaves, where the file part is cut (a full member's at
     * its first byte), so nothing past it is written even to scratch space.
     */
    async begin(uploader: Uploader, headerKey?: string): Promise<{ earlier: UploadResult } | { room: UploadRoom }> {
      if (headerKey) {
        const earlier = await d.files.findByIdempotencyKey(uploader.id, headerKey);
        if (earlier) return { earlier: { file: earlier, created: false } };
      }
      const quota = d.quota.quotaOf(uploader);
      return { room: quota === null ? null : { bytes: Math.max(0, (await d.quota.room(uploader)) ?? 0), quota } };
    },

    /**
     * Stores one upload whose body was read with the room `begin` gave. With an idempotency key
     * already used by this member, answers that first upload and stores nothing (`created: false`):
     * the client's retry after a lost answer.
     */
    async store(uploader: Uploader, body: UploadBody, o: { room: UploadRoom; headerKey?: string; log: FastifyBaseLogger }): Promise<UploadResult> {
      const userId = uploader.id;
      const { room, headerKey } = o;
      let keys: string[] = [];
      try {
        if (body.failure !== undefined) throw body.failure;
        const { fields: raw, part } = body;
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
        const folder = fields.folderId ? await uploadFolder(fields.folderId, uploader) : null;
        const folderId = folder?.id ?? null;

        const type = await detectFileType(part.path, original);
        if (!type) throw new UnsupportedMediaTypeError(fileMessages.unsupported(original));
        const size = (await fsp.stat(part.path)).size;
        // The member's room, before any media work (uploads racing this one are settled at the insert).
        if (room && size > room.bytes) throw new QuotaExceededError(room.quota);
        const keyBase = newKeyBase();
        const started = performance.now();
        const media = await processMedia({ inputPath: part.path, kind: type.kind, mime: type.mime, storage: d.storage, keyBase, logger: o.log, timeoutMs: d.mediaTimeoutMs }).catch(
          (err) => {
            // The pipeline's refusals (UnsupportedMediaError, ImageTooLargeError) are AppErrors: name the file in them.
            if (err instanceof UnsupportedMediaTypeError) throw new UnsupportedMediaTypeError(fileMessages.unsupported(original));
            if (err instanceof AppError) throw new AppError(err.statusCode, `${original}: ${err.message}`);
            throw err;
          },
        );
        d.observeMedia?.(type.kind, (performance.now() - started) / 1000);
        keys = storedKeys(media.derivatives);
        const name = safeDisplayName(fields.name?.trim() || original);
        const sensitive = fields.sensitive === 'true';
        const row = await insertOnce(userId, idempotencyKey, folderId, {
          name,
          description,
          hashtags: hashtagsOf(name, description),
          altText: fields.altText || null,
          sensitive,
          isNsfw: sensitive,
          contentWarning: (sensitive && fields.contentWarning) || null,
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
          // Stored stripped (media/container-metadata.ts): the metadata pass has nothing to do.
          metadataStrippedAt: type.kind === 'video' || type.kind === 'audio' ? new Date() : null,
          isPublic: fields.isPublic !== 'false',
        }, uploader);
        // A twin request with the same key won the race: ours is undone by `finally`.
        if (!row.created) return row;
        keys = [];
        await d.quota.afterUpload(uploader).catch((err) => d.log.warn({ err }, 'could not check the storage warning'));
        return row;
      } catch (err) {
        await tellFolderOwner(err, uploader, body.fields.folderId);
        throw err;
      } finally {
        await Promise.all(keys.map((k) => d.storage.delete(k).catch(() => undefined)));
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
