import { errorResponse, idParam, pageQuery } from '../common';
import { endpoint } from '../endpoint';
import { auditLogPage, reportBody, reportCreated, reportQueue, resolveBody, resolveResponse, suspendBody, suspendResponse } from '../safety';

const tags = ['moderation'] as const;
const adminRefusals = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** Reports, the admins' queue, suspensions and the audit log (docs/decisions/028-safety-kit.md). */
export const moderationEndpoints = {
  /** One open report per reporter and target (409 for a second); 404 for what the reporter cannot see. */
  createReport: endpoint({
    method: 'POST', path: '/api/reports', tags, auth: 'member', budget: 'report',
    body: reportBody, responses: { 201: reportCreated, 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse },
  }),
  listReports: endpoint({
    method: 'GET', path: '/api/admin/reports', tags, auth: 'admin',
    query: pageQuery, responses: { 200: reportQueue, 401: errorResponse, 403: errorResponse },
  }),
  /** Resolves every open report on the report's target with one action; the reporters are told the outcome. */
  resolveReport: endpoint({
    method: 'POST', path: '/api/admin/reports/:id/resolve', tags, auth: 'admin',
    params: idParam, body: resolveBody, responses: { 200: resolveResponse, ...adminRefusals, 409: errorResponse },
  }),
  suspendUser: endpoint({
    method: 'POST', path: '/api/admin/users/:id/suspend', tags, auth: 'admin',
    params: idParam, body: suspendBody, responses: { 200: suspendResponse, ...adminRefusals },
  }),
  unsuspendUser: endpoint({
    method: 'POST', path: '/api/admin/users/:id/unsuspend', tags, auth: 'admin',
    params: idParam, body: suspendBody, responses: { 200: suspendResponse, ...adminRefusals },
  }),
  /** Append-only: no endpoint edits or deletes an entry. */
  listAuditLog: endpoint({
    method: 'GET', path: '/api/admin/audit-log', tags, auth: 'admin',
    query: pageQuery, responses: { 200: auditLogPage, 401: errorResponse, 403: errorResponse },
  }),
};
