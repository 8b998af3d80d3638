import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../../contract/common';
import { USER_SEARCH_LIMIT, USER_SEARCH_MIN, userSearchList } from '../../../contract/users';
import { requireUser } from '../../plugins/session';
import { avatarUrl } from './users.presenter';
import type { UsersRepo } from './users.repo';

const params = z.object({ term: z.string().max(100) });

/**
 * `GET /api/users/search/{term}` (spec 2 §7): members to add as collaborators or message.
 * Signed-in members only; active accounts only; public fields only (never an email).
 */
export async function userSearchRoutes(app: FastifyInstance, { users }: { users: UsersRepo }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/users/search/:term', { schema: { tags: ['users'], params, response: { 200: userSearchList, 401: errorResponse } } }, async (request) => {
    const viewer = requireUser(request);
    const term = request.params.term.trim();
    if (term.length < USER_SEARCH_MIN) return [];
    const rows = await users.search(term, viewer.id, USER_SEARCH_LIMIT);
    return rows.map(({ profileImageKey, ...row }) => ({ ...row, profileImageUrl: avatarUrl(profileImageKey) }));
  });
}
