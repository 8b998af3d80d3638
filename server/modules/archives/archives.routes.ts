import type { archiveEndpoints } from '../../../contract/api/archives';
import { canDownloadArchive, orArchiveNotFound } from '../../access/archive-access';
import type { HandlersFor } from '../../plugins/endpoints';
import type { Storage } from '../../storage/storage';
import { sendStored } from '../files/send-stored';
import type { ArchivesService } from './archives.service';
import { toArchiveDto } from './archives.presenter';

type Deps = { archives: ArchivesService; storage: Storage };

/** Settings → "Download my data": the member's own archive only; anyone else's answers 404. */
export function archiveHandlers(d: Deps): HandlersFor<typeof archiveEndpoints> {
  return {
    getMyArchive: async (request) => {
      const user = request.user;
      const row = await d.archives.mine(user.id);
      // Past its week an archive is gone for the member, even before the hourly pass deletes it.
      const gone = row?.status === 'ready' && !canDownloadArchive(row, user);
      return { archive: row && !gone ? toArchiveDto(row) : null };
    },

    requestArchive: async (request, reply) => {
      const row = await d.archives.request(request.user.id);
      return reply.code(202).send({ archive: toArchiveDto(row) });
    },

    downloadArchive: async (request, reply) => {
      const user = request.user;
      const archive = orArchiveNotFound(await d.archives.find(request.params.id), user);
      const day = (archive.readyAt ?? archive.requestedAt).toISOString().slice(0, 10);
      // Streamed from storage (Range and Content-Length as every stored file), never cached by anyone else.
      return sendStored(d.storage, request, reply, { key: archive.storageKey, contentType: 'application/zip', cache: 'private', downloadName: `kaleido-${user.username}-${day}.zip` });
    },
  };
}
