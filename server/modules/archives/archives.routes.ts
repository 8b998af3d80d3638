import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { archiveState, archivesApi } from '../../../contract/archives';
import { errorResponse, idParam } from '../../../contract/common';
import { canDownloadArchive, orArchiveNotFound } from '../../access/archive-access';
import { requireUser } from '../../plugins/session';
import type { Storage } from '../../storage/storage';
import { sendStored } from '../files/send-stored';
import type { ArchivesService } from './archives.service';
import { toArchiveDto } from './archives.presenter';

type Deps = { archives: ArchivesService; storage: Storage };

const tags = ['settings'];

/** Settings → "Download my data": the member's own archive only; anyone else's answers 404. */
export async function archivesRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(archivesApi.mine, { schema: { tags, response: { 200: archiveState, 401: errorResponse } } }, async (request) => {
    const user = requireUser(request);
    const row = await d.archives.mine(user.id);
    // Past its week an archive is gone for the member, even before the hourly pass deletes it.
    const gone = row?.status === 'ready' && !canDownloadArchive(row, user);
    return { archive: row && !gone ? toArchiveDto(row) : null };
  });

  r.post(archivesApi.mine, { schema: { tags, response: { 202: archiveState, 401: errorResponse, 409: errorResponse } } }, async (request, reply) => {
    const user = requireUser(request);
    const row = await d.archives.request(user.id);
    return reply.code(202).send({ archive: toArchiveDto(row) });
  });

  r.get('/api/archives/:id/download', { schema: { tags, params: idParam, response: { 401: errorResponse, 404: errorResponse } } }, async (request, reply) => {
    const user = requireUser(request);
    const archive = orArchiveNotFound(await d.archives.find(request.params.id), user);
    const day = (archive.readyAt ?? archive.requestedAt).toISOString().slice(0, 10);
    // Streamed from storage (Range and Content-Length as every stored file), never cached by anyone else.
    return sendStored(d.storage, request, reply, { key: archive.storageKey, contentType: 'application/zip', cache: 'private', downloadName: `kaleido-${user.username}-${day}.zip` });
  });
}
