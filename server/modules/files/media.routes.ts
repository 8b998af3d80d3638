import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/common';
import { NotFoundError } from '../../lib/errors';
import type { Storage } from '../../storage/storage';
import { findVisibleFile, findVisibleFileByKeyBase, type Viewer } from '../../access/visibility';
import type { FileRow, FilesRepo } from './files.repo';
import { sendStored } from './send-stored';

type Deps = { files: FilesRepo; storage: Storage };

const KEY_BASE = /^(?:thumbnails\/)?([0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36})(?:_original\.\w+|\.jpg|\.webp|_thumb\.webp|_poster\.webp|_preview\.webp)$/;

function typeOfKey(file: FileRow, key: string): string {
  if (key === file.storageKey) return file.fileType;
  return key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
}

/**
 * Bytes reach only viewers who may see the file, by every path: `/uploads/<key>` for the
 * stored objects, `/content` and `/download` by id. Not visible answers like not existing.
 */
export async function mediaRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const visibleFile = (id: number, viewer: Viewer) => findVisibleFile(d.files, id, viewer);

  r.get('/uploads/*', { schema: { hide: true, params: z.object({ '*': z.string().max(300) }) } }, async (request, reply) => {
    const key = request.params['*'];
    const m = KEY_BASE.exec(key);
    if (!m) throw new NotFoundError('File not found');
    const file = await findVisibleFileByKeyBase(d.files, m[1], request.user);
    const keys = [file.storageKey, file.compressedKey, file.webpKey, file.thumbnailKey, file.posterKey, file.previewKey];
    if (!keys.includes(key)) throw new NotFoundError('File not found');
    return sendStored(d.storage, request, reply, { key, contentType: typeOfKey(file, key), cache: file.isPublic ? 'public-immutable' : 'private' });
  });

  r.get('/api/files/:id/content', { schema: { tags: ['files'], params: idParam } }, async (request, reply) => {
    const file = await visibleFile(request.params.id, request.user);
    return sendStored(d.storage, request, reply, { key: file.storageKey, contentType: file.fileType, cache: 'private' });
  });

  r.get('/api/files/:id/download', { schema: { tags: ['files'], params: idParam } }, async (request, reply) => {
    const file = await visibleFile(request.params.id, request.user);
    return sendStored(d.storage, request, reply, { key: file.storageKey, contentType: file.fileType, cache: 'private', downloadName: file.originalName });
  });
}
