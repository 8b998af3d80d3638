import { adminStats } from '../admin-stats';
import { errorResponse } from '../common';
import { endpoint } from '../endpoint';

/** The admin dashboard: admins only, 401 signed out and 403 for members. */
export const operationsEndpoints = {
  getAdminStats: endpoint({
    method: 'GET', path: '/api/admin/stats', tags: ['admin'], auth: 'admin',
    description: 'Members, uploads per day for 30 days, storage (originals, derived, the 10 biggest members), the waitlist, the job queue and live streams.',
    responses: { 200: adminStats, 401: errorResponse, 403: errorResponse },
  }),
};
