import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/common';
import { NotFoundError } from '../../lib/errors';
import { findFileObject, keyBaseOfKey } from '../../storage/file-objects';
import type { Storage } from '../../storage/storage';
import { findVisibleFile, findVisibleFileByKeyBase, type Viewer } from '../../access/visibility';
import type { FilesRepo } from './files.repo';
import { downloadName } from './download-name';
import { sendStored } from './send-stored';

type Deps = { files: FilesRepo; storage: Storage };


/**
 * Bytes reach only viewers who may see the file, by every path: `/uploads/<key>` for the
 * stored objects, `/content` and `/download` by id. Not visible answers like not existing.
 */
export async function mediaRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const visibleFile = (id: number, viewer: Viewer) => findVisibleFile(d.files, id, viewer);

  r.get('/uploads/*', { schema: { hide: true, params: z.object({ '*': z.string().max(300) }) } }, async (request, reply) => {
    const key = request.params['*'];
    const keyBase = keyBaseOfKey(key);
    if (!keyBase) throw new NotFoundError('File not found');
    const file = await findVisibleFileByKeyBase(d.files, keyBase, request.user);
    const object = findFileObject(file, key);
    if (!object) throw new NotFoundError('File not found');
    return sendStored(d.storage, request, reply, { key, contentType: object.contentType, cache: file.isPublic ? 'public' : 'private' });
  });

  r.get('/api/files/:id/content', { schema: { tags: ['files'], params: idParam } }, async (request, reply) => {
    const file = await visibleFile(request.params.id, request.user);
    return sendStored(d.storage, request, reply, { key: file.storageKey, contentType: file.fileType, cache: 'private' });
  });

  r.get('/api/files/:id/download', { schema: { tags: ['files'], params: idParam } }, async (request, reply) => {
    const file = await visibleFile(request.params.id, request.user);
    return sendStored(d.storage, request, reply, { key: file.storageKey, contentType: file.fileType, cache: 'private', downloadName: downloadName(file.originalName, file.fileType) });
  });
}
