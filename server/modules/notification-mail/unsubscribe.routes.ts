import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, messageResponse } from '../../../contract/common';
import { unsubscribeApi, unsubscribeMessages, unsubscribeQuery } from '../../../contract/unsubscribe';
import { ValidationError } from '../../lib/errors';
import type { UsersRepo } from '../users/users.repo';
import { verifyUnsubscribeToken } from './unsubscribe-token';

type Deps = { users: UsersRepo; secret: Buffer };

/**
 * `POST /api/unsubscribe?token=…`: no session needed, the signed token names the member. The
 * mail's link opens the /unsubscribe page, which posts here; a mail program's own button posts
 * here directly (RFC 8058 sends `List-Unsubscribe=One-Click` as a form, which is accepted and
 * ignored). A GET changes nothing, so a link scanner opening the page's address unsubscribes nobody.
 */
export async function unsubscribeRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post(
      unsubscribeApi.unsubscribe,
      { schema: { tags: ['notifications'], querystring: unsubscribeQuery, response: { 200: messageResponse, 400: errorResponse } } },
      async (request) => {
        const userId = verifyUnsubscribeToken(d.secret, request.query.token);
        // A valid link of an account deleted since answers like a bad one.
        const updated = userId === null ? null : await d.users.mergePreferences(userId, { notificationEmails: 'never' });
        if (!updated) throw new ValidationError(unsubscribeMessages.invalid);
        return { message: unsubscribeMessages.done };
      },
    );
  });
}
