import type { unsubscribeEndpoints } from '../../../contract/api/unsubscribe';
import { unsubscribeMessages } from '../../../contract/unsubscribe';
import { ValidationError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import type { Users } from '../users/user-writes';
import { verifyUnsubscribeToken } from './unsubscribe-token';

type Deps = { users: Users; secret: Buffer };

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
