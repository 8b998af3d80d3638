import { errorResponse, messageResponse } from '../common';
import { endpoint } from '../endpoint';
import { unsubscribeQuery } from '../unsubscribe';

/**
 * A notification mail's unsubscribe link: no session, the signed token names the member. The
 * /unsubscribe page posts here; a mail program's one-click button posts here directly.
 */
export const unsubscribeEndpoints = {
  unsubscribeEmails: endpoint({
    method: 'POST', path: '/api/unsubscribe', tags: ['notifications'], auth: 'visitor', ignoresFormBody: true,
    query: unsubscribeQuery, responses: { 200: messageResponse, 400: errorResponse },
  }),
};
