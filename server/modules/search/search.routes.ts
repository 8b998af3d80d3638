import type { searchEndpoints } from '../../../contract/api/search';
import type { HandlersFor } from '../../plugins/endpoints';
import { sendJson } from '../files/reads/send-json';
import { toPublicUser } from '../users/users.presenter';
import type { SearchService } from './search.service';

/** Search and Explore and the member picker `users/search/{term}`; members only. */
export function searchHandlers(d: { search: SearchService }): HandlersFor<typeof searchEndpoints> {
  return {
    searchFiles: async (request, reply) => sendJson(reply, await d.search.page(request.user, request.query)),
    countSearchResults: async (request) => d.search.count(request.user, request.query),
    searchUsers: async (request) => (await d.search.pickableUsers(request.user, request.params.term)).map(toPublicUser),
  };
}
