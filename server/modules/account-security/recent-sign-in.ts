import type { FastifyRequest } from 'fastify';
import { RECENT_SIGN_IN_MS, securityMessages } from '../../../contract/account-security';
import { ReauthenticateError } from '../../lib/errors';
import type { SessionsRepo } from '../auth/sessions.repo';

export function isRecent(verifiedAt: Date | null, now = Date.now()): boolean {
  return verifiedAt !== null && now - verifiedAt.getTime() <= RECENT_SIGN_IN_MS;
}

/**
 * The recent sign-in ("sudo mode", docs/decisions/034) of every endpoint-table entry marked
 * `recentSignIn` (server/plugins/endpoints.ts runs it before the handler): the session must have
 * proven the member within 10 minutes, else 403 `{ reauthenticate: true }`. Read from the
 * database, not the session cache: a proof given on another process counts at once.
 */
export function createRecentSignInGuard(sessions: Pick<SessionsRepo, 'verifiedAt'>) {
  return async function requireRecentSignIn(request: FastifyRequest): Promise<void> {
    const verifiedAt = request.sessionId ? await sessions.verifiedAt(request.sessionId) : null;
    if (!isRecent(verifiedAt)) throw new ReauthenticateError(securityMessages.reauthenticate);
  };
}
export type RecentSignInGuard = ReturnType<typeof createRecentSignInGuard>;
