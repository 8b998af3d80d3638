import type { searchEndpoints } from '../../../contract/api/search';
import { USER_SEARCH_MIN } from '../../../contract/users';
import type { HandlersFor } from '../../plugins/endpoints';
import { sendJson } from '../files/reads/send-json';
import { toPublicUser } from '../users/users.presenter';
import { parseSearchText } from './search-text';
import { searchCount, searchPage, type SearchDeps } from './search.service';

/** The collaborator and recipient pickers show a short list. */
const USER_PICKER_LIMIT = 20;

/** Search and Explore and the member picker `users/search/{term}`; members only. */
export function searchHandlers(d: SearchDeps): HandlersFor<typeof searchEndpoints> {
  return {
    searchFiles: async (request, reply) => sendJson(reply, await searchPage(d, request.user, request.query)),
    countSearchResults: async (request) => searchCount(d, request.user, request.query),
    searchUsers: async (request) => {
      const viewer = request.user;
      const text = parseSearchText(request.params.term);
      if (!text || request.params.term.length < USER_SEARCH_MIN) return [];
      // The picker (collaborators, a new message) never offers the viewer themself.
      const rows = await d.search.users(viewer, text, 'relevance', { offset: 0, limit: USER_PICKER_LIMIT + 1 });
      return rows.filter((u) => u.id !== viewer.id).slice(0, USER_PICKER_LIMIT).map(toPublicUser);
    },
  };
}
