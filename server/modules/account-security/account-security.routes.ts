import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { securityMessages as m } from '../../../contract/account-security';
import type { accountSecurityEndpoints } from '../../../contract/api/account-security';
import { NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import type { UserRow } from '../users/users.repo';
import type { AccountSecurityService } from './account-security.service';
import { toPasskeyDto } from './passkeys.service';
import { toSessionDto } from './sessions.presenter';

type Deps = { security: AccountSecurityService };

/** A signed-in member's request: its session is known. */
function sessionOf(request: FastifyRequest): number {
  return request.sessionId!;
}

/**
 * Settings → Account Security (docs/decisions/034): the recent-sign-in proofs, two-factor codes,
 * passkeys, single sign-on and devices. The changes that can lock an owner out are marked
 * `recentSignIn` in the table and checked before these handlers run.
 */
export function accountSecurityHandlers({ security: s }: Deps): HandlersFor<typeof accountSecurityEndpoints> {
  const status = (request: FastifyRequest & { user: UserRow }) => s.status(request.user, sessionOf(request));
  return {
    getSecurityStatus: async (request) => status(request),

    reauthenticate: async (request) => {
      await s.reauthenticate(request.user, sessionOf(request), request.ip, request.body);
      return status(request);
    },
    reauthenticatePasskeyOptions: async (request) => s.passkeyProofOptions(request.user.id, sessionOf(request)),
    reauthenticatePasskey: async (request) => {
      // A refused passkey here is a 400: a 401 would tell the screen the member was signed out.
      await s.provePasskey(request.user.id, sessionOf(request), request.body.response as never).catch((err) => {
        throw err instanceof UnauthorizedError ? new ValidationError(err.message) : err;
      });
      return status(request);
    },

    setUpTwoFactor: async (request) => s.twoFactor.setUp(request.user),
    enableTwoFactor: async (request) => ({ recoveryCodes: await s.twoFactor.enable(request.user, request.body.code) }),
    disableTwoFactor: async (request) => {
      await s.twoFactor.disable(request.user, request.body.code);
      return { message: 'Two-factor authentication is off.' };
    },
    regenerateRecoveryCodes: async (request) => ({ recoveryCodes: await s.twoFactor.regenerateRecoveryCodes(request.user, request.body.code) }),

    listPasskeys: async (request) => (await s.passkeys.list(request.user.id)).map(toPasskeyDto),
    passkeyRegistrationOptions: async (request) => s.passkeyRegistrationOptions(request.user, sessionOf(request)),
    addPasskey: async (request, reply) => {
      const row = await s.addPasskey(request.user, sessionOf(request), request.body.response as unknown as RegistrationResponseJSON, request.headers['user-agent'] ?? null);
      return reply.status(201).send(toPasskeyDto(row));
    },
    removePasskey: async (request) => {
      await s.passkeys.remove(request.user.id, request.params.id);
      return { message: 'Passkey removed' };
    },

    unlinkSso: async (request) => {
      await s.unlinkSso(request.user);
      return { message: 'Single sign-on unlinked' };
    },

    listSessions: async (request) => (await s.sessions.listForUser(request.user.id)).map((row) => toSessionDto(row, sessionOf(request))),
    endSession: async (request, reply) => {
      if (!(await s.sessions.deleteOwned(request.user.id, request.params.id))) throw new NotFoundError(m.sessionNotFound);
      if (request.params.id === sessionOf(request)) reply.clearSessionCookie();
      return { message: 'Signed out' };
    },
    endOtherSessions: async (request) => {
      await s.sessions.deleteAllForUser(request.user.id, sessionOf(request));
      return { message: 'Signed out everywhere else' };
    },
  };
}
