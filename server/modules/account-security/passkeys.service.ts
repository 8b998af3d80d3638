import crypto from 'node:crypto';
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
  type AuthenticationResponseJSON, type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_NAME_MAX, securityMessages as m, type PasskeyDto } from '../../../contract/account-security';
import type { Config } from '../../config';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import type { UserRow, UsersRepo } from '../users/users.repo';
import type { AuthFlowsRepo } from './auth-flows.repo';
import type { PasskeyRow, PasskeysRepo } from './passkeys.repo';
import { deviceName } from './user-agent';

/** `flows` holds a passkey sign-in's challenge between its two requests; `users` finds who it proved. */
type Deps = { repo: PasskeysRepo; config: Pick<Config, 'publicUrl'>; secret: Buffer; flows: Pick<AuthFlowsRepo, 'create' | 'consume'>; users: Pick<UsersRepo, 'findById'> };

/** A passkey sign-in has this long between its challenge and its answer. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

/** The options JSON handed to the browser as is (contract/account-security.ts `webauthnOptions`). */
export type CeremonyOptions = { challenge: string } & Record<string, unknown>;
const asOptions = (options: { challenge: string }) => options as unknown as CeremonyOptions;

export function toPasskeyDto(row: PasskeyRow): PasskeyDto {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, backedUp: row.backedUp };
}

/**
 * Passkeys (WebAuthn, docs/decisions/034). The relying party is PUBLIC_URL: its host name is the
 * RP id and its origin the only origin accepted, read at each call (tests learn their port late).
 * User verification is required: a passkey signs in alone, with no password or second factor.
 */
export function createPasskeysService(d: Deps) {
  function party() {
    const url = new URL(d.config.publicUrl);
    return { rpID: url.hostname, origin: url.origin };
  }

  /** The account's WebAuthn user handle: stable (a second registration on one authenticator replaces the first), and no personal data. */
  function userHandle(userId: number): Uint8Array<ArrayBuffer> {
    return new Uint8Array(crypto.createHmac('sha256', d.secret).update(`webauthn-user:${userId}`).digest());
  }

  async function verifyAssertion(row: PasskeyRow, response: AuthenticationResponseJSON, challenge: string): Promise<void> {
    const { rpID, origin } = party();
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: { id: row.credentialId, publicKey: isoBase64URL.toBuffer(row.publicKey), counter: row.counter, transports: row.transports },
      });
    } catch (err) {
      // The library refuses a counter below the stored one before it checks anything else.
      throw new UnauthorizedError(/counter value/.test((err as Error).message) ? m.passkeyCloned : m.passkeyFailed);
    }
    if (!verified.verified) throw new UnauthorizedError(m.passkeyFailed);
    const info = verified.authenticationInfo;
    if (!(await d.repo.recordUse(row.id, info.newCounter, info.credentialBackedUp))) throw new UnauthorizedError(m.passkeyCloned);
  }

  /** Sign-in: any discoverable passkey of this site, picked by the member (or offered by autofill). */
  async function signInOptions() {
    return asOptions(await generateAuthenticationOptions({ rpID: party().rpID, userVerification: 'required', allowCredentials: [] }));
  }

  /** The member whose passkey signed `challenge`; `userId` when only that member's passkeys count. */
  async function authenticate(response: AuthenticationResponseJSON, challenge: string, userId?: number): Promise<number> {
    const row = await d.repo.findByCredentialId(response.id);
    if (!row || (userId !== undefined && row.userId !== userId)) throw new UnauthorizedError(m.passkeyUnknown);
    await verifyAssertion(row, response, challenge);
    return row.userId;
  }

  return {
    list: (userId: number) => d.repo.listForUser(userId),
    count: (userId: number) => d.repo.countForUser(userId),

    async registrationOptions(user: UserRow){
      const existing = await d.repo.listForUser(user.id);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
      return asOptions(await generateRegistrationOptions({
        rpName: 'Kaleido',
        rpID: party().rpID,
        userName: user.username,
        userDisplayName: name,
        userID: userHandle(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      }));
    },

    /** Stores the new passkey, named after the device that made it ("Chrome on macOS"). */
    async register(user: UserRow, response: RegistrationResponseJSON, challenge: string, userAgent: string | null): Promise<PasskeyRow> {
      const { rpID, origin } = party();
      let verified;
      try {
        verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: true });
      } catch {
        throw new ValidationError(m.passkeyFailed);
      }
      if (!verified.verified) throw new ValidationError(m.passkeyFailed);
      const info = verified.registrationInfo;
      const row = await d.repo.insert({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        name: deviceName(userAgent).slice(0, PASSKEY_NAME_MAX),
      });
      if (!row) throw new ConflictError(m.passkeyDuplicate);
      return row;
    },

    /** A signed-in member proving themself again: only their own passkeys. */
    async reauthOptions(userId: number){
      const mine = await d.repo.listForUser(userId);
      if (!mine.length) throw new ValidationError(m.noProofAvailable);
      return asOptions(await generateAuthenticationOptions({
        rpID: party().rpID,
        userVerification: 'required',
        allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
      }));
    },

    authenticate,

    /** A passkey sign-in's options, and the token of the flow that keeps its challenge (for the flow cookie). */
    async startSignIn(): Promise<{ options: CeremonyOptions; token: string }> {
      const options = await signInOptions();
      const token = await d.flows.create({ purpose: 'passkey-login', ttlMs: PASSKEY_CHALLENGE_MS, data: { challenge: options.challenge } });
      return { options, token };
    },

    /** The member a passkey sign-in proved, its flow consumed. A passkey proves the member alone: no second factor follows. */
    async finishSignIn(flowToken: string | undefined, response: AuthenticationResponseJSON): Promise<UserRow> {
      const flow = await d.flows.consume(flowToken, 'passkey-login');
      if (!flow) throw new UnauthorizedError(m.passkeyFailed);
      const userId = await authenticate(response, String(flow.data.challenge));
      const user = await d.users.findById(userId);
      if (!user) throw new UnauthorizedError(m.passkeyUnknown);
      return user;
    },

    async remove(userId: number, id: number): Promise<void> {
      if (!(await d.repo.deleteOwned(userId, id))) throw new NotFoundError(m.passkeyNotFound);
    },
  };
}
export type PasskeysService = ReturnType<typeof createPasskeysService>;
