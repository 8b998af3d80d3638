import { errorResponse } from '../common';
import { endpoint } from '../endpoint';
import { searchCountQuery, searchCountResponse, searchQuery, searchResults } from '../search';
import { userSearchList, userSearchParams } from '../users';

const tags = ['search'] as const;

/** Search and Explore and the member picker `users/search/{term}`; members only. */
export const searchEndpoints = {
  /** One list paged by 20: users, then folders, then files. */
  searchFiles: endpoint({
    method: 'GET', path: '/api/files/search', tags, auth: 'member',
    query: searchQuery, responses: { 200: searchResults, 400: errorResponse },
  }),
  /** The total the results page through. */
  countSearchResults: endpoint({
    method: 'GET', path: '/api/files/search/count', tags, auth: 'member',
    query: searchCountQuery, responses: { 200: searchCountResponse, 400: errorResponse },
  }),
  /** The collaborator and recipient pickers: a short list, never the viewer themself. */
  searchUsers: endpoint({
    method: 'GET', path: '/api/users/search/:term', tags, auth: 'member',
    params: userSearchParams, responses: { 200: userSearchList, 401: errorResponse },
  }),
};
