import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminApi, waitlistApplication, waitlistList, waitlistQuery } from '../../../contract/admin';
import { errorResponse, idParam } from '../../../contract/common';
import { requireAdmin } from '../../plugins/session';
import { toWaitlistApplication } from './waitlist.presenter';
import type { WaitlistRepo } from './waitlist.repo';
import type { WaitlistService } from './waitlist.service';

type Deps = { waitlist: WaitlistRepo; service: WaitlistService };

const tags = ['admin'];
const refusals = { 401: errorResponse, 403: errorResponse };

/** The admin waitlist (spec 2 §7 Admin): admins only, 401 signed out and 403 for members. */
export async function waitlistRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(adminApi.waitlist, { schema: { tags, querystring: waitlistQuery, response: { 200: waitlistList, ...refusals } } }, async (request) => {
    requireAdmin(request);
    return (await d.waitlist.list(request.query)).map(toWaitlistApplication);
  });

  for (const [action, decision] of [['approve', 'approved'], ['reject', 'rejected']] as const) {
    r.put(
      `${adminApi.waitlist}/:id/${action}`,
      { schema: { tags, params: idParam, response: { 200: waitlistApplication, ...refusals, 404: errorResponse, 409: errorResponse } } },
      async (request) => {
        const admin = requireAdmin(request);
        return toWaitlistApplication(await d.service.decide(request.params.id, decision, admin.id));
      },
    );
  }
}
