import type { mediaEndpoints } from '../../../contract/api/media';
import { NotFoundError } from '../../lib/errors';
import { findFileObject, keyBaseOfKey } from '../../storage/file-objects';
import type { Storage } from '../../storage/storage';
import { findVisibleFile, findVisibleFileByKeyBase, type Viewer } from '../../access/visibility';
import type { HandlersFor } from '../../plugins/endpoints';
import type { Files } from './file-writes';
import { downloadName } from './download-name';
import { sendStored } from './send-stored';

type Deps = { files: Files; storage: Storage };

/**
 * Bytes reach only viewers who may see the file, by every path: `getStoredObject` for the
 * stored objects, `getFileContent` and `downloadFile` by id. Not visible answers like not existing.
 */
export function mediaHandlers(d: Deps): HandlersFor<typeof mediaEndpoints> {
  const visibleFile = (id: number, viewer: Viewer) => findVisibleFile(d.files, id, viewer);

  return {
    getStoredObject: async (request, reply) => {
      const key = request.params['*'];
      const keyBase = keyBaseOfKey(key);
      if (!keyBase) throw new NotFoundError('File not found');
      const file = await findVisibleFileByKeyBase(d.files, keyBase, request.user);
      const object = findFileObject(file, key);
      if (!object) throw new NotFoundError('File not found');
      return sendStored(d.storage, request, reply, { key, contentType: object.contentType, cache: file.isPublic ? 'public' : 'private' });
    },

    getFileContent: async (request, reply) => {
      const file = await visibleFile(request.params.id, request.user);
      return sendStored(d.storage, request, reply, { key: file.storageKey, contentType: file.fileType, cache: 'private' });
    },

    downloadFile: async (request, reply) => {
      const file = await visibleFile(request.params.id, request.user);
      return sendStored(d.storage, request, reply, { key: file.storageKey, contentType: file.fileType, cache: 'private', downloadName: downloadName(file.originalName, file.fileType) });
    },
  };
}
