import type { similarEndpoints } from '../../../contract/api/similar';
import type { HandlersFor } from '../../plugins/endpoints';
import { sendJson } from '../files/reads/send-json';
import type { SimilarService } from './similar.service';

/** More like this and the upload dialog's duplicate hint. */
export function similarHandlers(d: { similar: SimilarService }): HandlersFor<typeof similarEndpoints> {
  return {
    listSimilarFiles: async (request, reply) => sendJson(reply, await d.similar.page(request.params.id, request.user, request.query)),
    getFileDuplicate: async (request) => d.similar.duplicate(request.params.id, request.user),
  };
}
