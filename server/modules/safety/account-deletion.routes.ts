import type { safetyEndpoints } from '../../../contract/api/safety';
import { accountDeletionMessages } from '../../../contract/safety';
import { ValidationError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import type { AccountDeletion } from './account-deletion';

/** DELETE /api/user: typed username, a recent sign-in (checked before this runs), then every session ends. */
export function accountDeletionHandlers(d: { deletion: AccountDeletion }): HandlersFor<Pick<typeof safetyEndpoints, 'deleteAccount'>> {
  return {
    deleteAccount: async (request, reply) => {
      const user = request.user;
      if (request.body.username.toLowerCase() !== user.username.toLowerCase()) {
        throw new ValidationError(accountDeletionMessages.confirmMismatch, { username: accountDeletionMessages.confirmMismatch });
      }
      await d.deletion.request(user.id);
      reply.clearSessionCookie();
      return { message: accountDeletionMessages.deleted };
    },
  };
}
