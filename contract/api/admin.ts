import { waitlistApplication, waitlistList, waitlistQuery } from '../admin';
import { errorResponse, idParam } from '../common';
import { endpoint } from '../endpoint';

const tags = ['admin'] as const;
const refusals = { 401: errorResponse, 403: errorResponse };
const decision = { params: idParam, responses: { 200: waitlistApplication, ...refusals, 404: errorResponse, 409: errorResponse } };

/** The admin waitlist: admins only, 401 signed out and 403 for members. */
export const adminEndpoints = {
  listWaitlist: endpoint({
    method: 'GET', path: '/api/admin/waitlist', tags, auth: 'admin',
    query: waitlistQuery, responses: { 200: waitlistList, ...refusals },
  }),
  approveApplication: endpoint({ method: 'PUT', path: '/api/admin/waitlist/:id/approve', tags, auth: 'admin', ...decision }),
  rejectApplication: endpoint({ method: 'PUT', path: '/api/admin/waitlist/:id/reject', tags, auth: 'admin', ...decision }),
};
