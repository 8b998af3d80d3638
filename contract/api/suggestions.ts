import { errorResponse } from '../common';
import { endpoint } from '../endpoint';
import { suggestionsResponse } from '../suggestions';

/** What a new member is offered to follow and explore on a quiet home feed (decision 030). */
export const suggestionEndpoints = {
  getSuggestions: endpoint({
    method: 'GET', path: '/api/suggestions', tags: ['users'], auth: 'member',
    description: 'Members to follow (with public files, not yet followed; most followed, then most liked first) and the tags of public files, most liked first.',
    responses: { 200: suggestionsResponse, 401: errorResponse },
  }),
};
