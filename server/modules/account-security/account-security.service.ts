import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { securityMessages as m, type SecurityStatus } from '../../../contract/account-security';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { accountKey } from '../auth/auth.service';
import type { AuthThrottle } from '../auth/auth.throttle';
import type { SessionsRepo } from '../auth/sessions.repo';
import type { UserRow } from '../users/users.repo';
import type { AuthFlowsRepo } from './auth-flows.repo';
import type { OidcService } from './oidc.service';
import type { PasskeysService } from './passkeys.service';
import { isRecent } from './recent-sign-in';
import type { TwoFactorService } from './two-factor.service';

/** A passkey ceremony has this long between its options and its answer. */
const CEREMONY_MS = 5 * 60 * 1000;

type Deps = {
  sessions: SessionsRepo;
  flows: AuthFlowsRepo;
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  oidc: OidcService;
  throttle: AuthThrottle;
};

/** What Settings → Account Security reads and changes (docs/decisions/034). */
export function createAccountSecurityService(d: Deps) {
  return {
    twoFactor: d.twoFactor,
    passkeys: d.passkeys,
    sessions: d.sessions,

    async status(user: UserRow, sessionId: number): Promise<SecurityStatus> {
      const [twoFactorEnabled, recoveryCodesLeft, passkeyCount, linked, verifiedAt] = await Promise.all([
        d.twoFactor.isEnabled(user.id),
        d.twoFactor.recoveryCodesLeft(user.id),
        d.passkeys.count(user.id),
        d.oidc.isLinked(user.id),
        d.sessions.verifiedAt(sessionId),
      ]);
      return {
        hasPassword: user.passwordHash !== null,
        twoFactorEnabled,
        recoveryCodesLeft,
        passkeyCount,
        sso: d.oidc.name ? { name: d.oidc.name, linked } : null,
        recentSignIn: isRecent(verifiedAt),
      };
    },

    /**
     * The recent-sign-in proof by password or by code. Counted by the sign-in throttle like a
     * sign-in: someone at a borrowed session cannot guess the password here faster than at the door.
     */
    async reauthenticate(user: UserRow, sessionId: number, ip: string, proof: { password: string } | { code: string }): Promise<void> {
      const attempt = await d.throttle.beforeLogin(ip, accountKey(user.id), null);
      const ok = 'password' in proof ? await verifyPassword(user.passwordHash, proof.password) : await d.twoFactor.verify(user.id, proof.code);
      if (!ok) {
        await d.throttle.loginFailed(attempt);
        const message = 'password' in proof ? m.wrongPassword : m.invalidCode;
        throw new ValidationError(message, { [Object.keys(proof)[0]]: message });
      }
      await d.throttle.loginSucceeded(attempt);
      await d.sessions.markVerified(sessionId);
    },

    async passkeyProofOptions(userId: number, sessionId: number) {
      const options = await d.passkeys.reauthOptions(userId);
      await d.flows.create({ purpose: 'passkey-reauth', ttlMs: CEREMONY_MS, userId, sessionId, data: { challenge: options.challenge } });
      return options;
    },

    async provePasskey(userId: number, sessionId: number, response: AuthenticationResponseJSON): Promise<void> {
      const flow = await d.flows.consumeForSession(sessionId, 'passkey-reauth');
      if (!flow) throw new ValidationError(m.passkeyFailed);
      await d.passkeys.authenticate(response, String(flow.data.challenge), userId);
      await d.sessions.markVerified(sessionId);
    },

    async passkeyRegistrationOptions(user: UserRow, sessionId: number) {
      const options = await d.passkeys.registrationOptions(user);
      await d.flows.create({ purpose: 'passkey-register', ttlMs: CEREMONY_MS, userId: user.id, sessionId, data: { challenge: options.challenge } });
      return options;
    },

    async addPasskey(user: UserRow, sessionId: number, response: RegistrationResponseJSON, userAgent: string | null) {
      const flow = await d.flows.consumeForSession(sessionId, 'passkey-register');
      if (!flow) throw new ValidationError(m.passkeyFailed);
      return d.passkeys.register(user, response, String(flow.data.challenge), userAgent);
    },

    /** Refused while it is the only way in: a member who joined through it has no password or passkey yet. */
    async unlinkSso(user: UserRow): Promise<void> {
      if (!(await d.oidc.isLinked(user.id))) throw new NotFoundError(m.ssoNotLinked);
      if (user.passwordHash === null && (await d.passkeys.count(user.id)) === 0) throw new ConflictError(m.ssoUnlinkLast);
      await d.oidc.unlink(user.id);
    },
  };
}
export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
