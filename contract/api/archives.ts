import { archiveState } from '../archives';
import { errorResponse, idParam } from '../common';
import { endpoint } from '../endpoint';

const tags = ['settings'] as const;

/** Settings → "Download my data" (decision 022): the member's own archive only. */
export const archiveEndpoints = {
  getMyArchive: endpoint({ method: 'GET', path: '/api/user/archive', tags, auth: 'member', responses: { 200: archiveState, 401: errorResponse } }),
  /** 202 with the new, pending archive; 409 while one is being prepared. */
  requestArchive: endpoint({
    method: 'POST', path: '/api/user/archive', tags, auth: 'member', budget: 'archive',
    responses: { 202: archiveState, 401: errorResponse, 409: errorResponse },
  }),
  /** The zip, streamed (Range as every stored file); anyone else's archive answers 404. */
  downloadArchive: endpoint({
    method: 'GET', path: '/api/archives/:id/download', tags, auth: 'member',
    bytes: { type: 'application/zip', description: 'The data archive, a zip of the member\'s own data' },
    params: idParam, responses: { 401: errorResponse, 404: errorResponse },
  }),
};
