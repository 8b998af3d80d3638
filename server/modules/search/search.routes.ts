import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../contract/common';
import { searchCountQuery, searchCountResponse, searchQuery, searchResults } from '../../../contract/search';
import { userList, userSearchParams } from '../../../contract/users';
import { requireUser } from '../../plugins/session';
import { toPublicUser } from '../users/users.presenter';
import { parseSearchText } from './search-text';
import { searchCount, searchPage, type SearchDeps } from './search.service';

const tags = ['search'];
/** The collaborator and recipient pickers show a short list. */
const USER_PICKER_LIMIT = 20;

/** Search and Explore (spec 2 §7 `files/search`) and the member picker `users/search/{term}`; members only. */
export async function searchRoutes(app: FastifyInstance, d: SearchDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/files/search', { schema: { tags, querystring: searchQuery, response: { 200: searchResults, 400: errorResponse } } }, async (request) => {
    return searchPage(d, requireUser(request), request.query);
  });

  r.get('/api/files/search/count', { schema: { tags, querystring: searchCountQuery, response: { 200: searchCountResponse, 400: errorResponse } } }, async (request) => {
    return searchCount(d, requireUser(request), request.query);
  });

  r.get('/api/users/search/:term', { schema: { tags, params: userSearchParams, response: { 200: userList } } }, async (request) => {
    requireUser(request);
    const text = parseSearchText(request.params.term);
    if (!text) return [];
    const rows = await d.search.users(text, 'relevance', { offset: 0, limit: USER_PICKER_LIMIT });
    return rows.map(toPublicUser);
  });
}
