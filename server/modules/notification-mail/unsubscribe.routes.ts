import { errorCodes, type FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/api';
import type { unsubscribeEndpoints } from '../../../contract/api/unsubscribe';
import { unsubscribeMessages } from '../../../contract/unsubscribe';
import { ValidationError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import type { UsersRepo } from '../users/users.repo';
import { verifyUnsubscribeToken } from './unsubscribe-token';

type Deps = { users: UsersRepo; secret: Buffer };

/**
 * `unsubscribeEmails` (`POST …?token=…`): no session needed, the signed token names the member. The
 * mail's link opens the /unsubscribe page, which posts here; a mail program's own button posts
 * here directly (RFC 8058 sends `List-Unsubscribe=One-Click` as a form, which is accepted and
 * ignored). A GET changes nothing, so a link scanner opening the page's address unsubscribes nobody.
 */
export function unsubscribeHandlers(d: Deps): HandlersFor<typeof unsubscribeEndpoints> {
  return {
    unsubscribeEmails: async (request) => {
      const userId = verifyUnsubscribeToken(d.secret, request.query.token);
      // A valid link of an account deleted since answers like a bad one.
      const updated = userId === null ? null : await d.users.mergePreferences(userId, { notificationEmails: 'never' });
      if (!updated) throw new ValidationError(unsubscribeMessages.invalid);
      return { message: unsubscribeMessages.done };
    },
  };
}

/** A one-click form is one short field; the old scoped parser allowed this much. */
const FORM_BODY_LIMIT = 1024;

/**
 * The one-click form body (RFC 8058), read and ignored, on the unsubscribe call only: any other
 * route refuses a form body with Fastify's own 415 before reading it, as when no parser existed.
 */
export function acceptOneClickForms(app: FastifyInstance): void {
  const { method, path } = endpoints.unsubscribeEmails;
  app.addContentTypeParser('application/x-www-form-urlencoded', (request, payload, done) => {
    // An unknown address answers its 404 without the body, as Fastify does without a parser.
    if (request.is404) return done(null, undefined);
    if (request.method !== method || request.routeOptions.url !== path) return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(), undefined);
    if (Number(request.headers['content-length']) > FORM_BODY_LIMIT) return done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    let received = 0;
    const onData = (chunk: Buffer | string) => {
      received += chunk.length;
      if (received <= FORM_BODY_LIMIT) return;
      payload.off('data', onData).off('end', onEnd).off('error', onEnd);
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    };
    const onEnd = (err?: Error) => {
      payload.off('data', onData).off('end', onEnd).off('error', onEnd);
      done(err ?? null, undefined);
    };
    payload.on('data', onData).on('end', onEnd).on('error', onEnd);
    payload.resume();
  });
}
