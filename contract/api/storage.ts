import { errorResponse, idParam } from '../common';
import { endpoint } from '../endpoint';
import { memberStorage, storageQuotaBody, storageUsage } from '../storage';

const refusals = { 401: errorResponse, 403: errorResponse };

/** Storage quotas: the member's own use (Settings), and an admin's view and setting of a member's quota (their profile). */
export const storageEndpoints = {
  getStorageUsage: endpoint({
    method: 'GET', path: '/api/user/storage', tags: ['settings'], auth: 'member',
    description: 'Bytes of originals the member stores (derived files do not count) and their quota; `quotaBytes` null when unlimited.',
    responses: { 200: storageUsage, 401: errorResponse },
  }),
  getMemberStorage: endpoint({
    method: 'GET', path: '/api/admin/users/:id/storage', tags: ['admin'], auth: 'admin',
    params: idParam, responses: { 200: memberStorage, ...refusals, 404: errorResponse },
  }),
  setMemberStorageQuota: endpoint({
    method: 'PUT', path: '/api/admin/users/:id/storage-quota', tags: ['admin'], auth: 'admin',
    description: "The member's own quota in MB, or null for the server's default (STORAGE_QUOTA_MB).",
    params: idParam, body: storageQuotaBody, responses: { 200: memberStorage, 400: errorResponse, ...refusals, 404: errorResponse },
  }),
};
