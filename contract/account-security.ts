import { z } from 'zod';
import { secret, text } from './common';
import { PASSWORD_MAX } from './limits';

// Passkeys, two-factor codes, single sign-on, devices and the recent sign-in that guards what
// can lock an owner out (docs/decisions/034-passkeys-two-factor-sso.md).

/** How long a session's last proof of the member counts as recent. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** How long a password that wants its second factor waits for it. */
export const TWO_FACTOR_PENDING_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;

export const securityMessages = {
  reauthenticate: "Please confirm it's you to continue.",
  invalidCode: 'That code is not valid. Check your authenticator app and try again.',
  twoFactorExpired: 'Your sign-in took too long. Please enter your password again.',
  twoFactorAlreadyOn: 'Two-factor authentication is already on.',
  twoFactorNotOn: 'Two-factor authentication is not on.',
  twoFactorNotSetUp: 'Start the set-up again: no code was asked for yet.',
  passkeyFailed: "That passkey couldn't be used. Try again or sign in with your password.",
  passkeyUnknown: 'This passkey is not registered with Kaleido.',
  passkeyCloned: 'This passkey was refused: its authenticator may have been copied.',
  passkeyNotFound: 'Passkey not found',
  passkeyDuplicate: 'This passkey is already registered.',
  sessionNotFound: 'Session not found',
  noProofAvailable: 'Sign in again to confirm it is you.',
  wrongPassword: 'Incorrect password',
  ssoUnlinkLast: 'Set a password or add a passkey first, or you could not sign in any more.',
  ssoNotLinked: 'No single sign-on account is linked.',
  twoFactorRequired: 'Enter the code from your authenticator app.',
} as const;

/** What the sign-in screen shows after a single sign-on round trip (`/auth?tab=login&sso=…`). */
export const ssoOutcomes = {
  failed: 'Single sign-on failed. Please try again.',
  unverified: 'Your single sign-on account has no verified email address, so it cannot be used here.',
  link: 'An account with this email already exists. Sign in with your password once to link your single sign-on account to it.',
  pending: 'Your application is still waiting for approval. We will email you when it is reviewed.',
  waitlisted: "Thanks for applying! We'll email you once your application is approved.",
  rejected: 'Your application to join was not approved.',
  unavailable: 'Single sign-on is not available right now. Please try again later.',
} as const;
export type SsoOutcome = keyof typeof ssoOutcomes;

/** A six-digit code from the app, or a recovery code (`xxxxx-xxxxx`); spaces and dashes are ignored. */
export const codeBody = z.object({ code: text({ error: securityMessages.invalidCode }).trim().min(6, securityMessages.invalidCode).max(40, securityMessages.invalidCode) });
export type CodeBody = z.infer<typeof codeBody>;

export const twoFactorRequiredResponse = z.object({ twoFactorRequired: z.literal(true) });

export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });

/** 403 of a change that needs a recent sign-in (`reauthenticate`), or of any write sent from another site. */
export const reauthenticateResponse = z.object({ message: z.string(), reauthenticate: z.literal(true).optional() });

/** The browser's WebAuthn JSON (RegistrationResponseJSON / AuthenticationResponseJSON), checked by the server library. */
const webauthnJson = z.object({ id: text().max(1400), rawId: text().max(1400), type: z.literal('public-key') }).passthrough();
export const passkeyRegistrationBody = z.object({ response: webauthnJson });
export const passkeyAuthenticationBody = z.object({ response: webauthnJson });
/** PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON, handed to @simplewebauthn/browser as is. */
export const webauthnOptions = z.object({ challenge: z.string() }).passthrough();

export const passkeyDto = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced across the member's devices (iCloud Keychain, Google Password Manager…). */
  backedUp: z.boolean(),
});
export type PasskeyDto = z.infer<typeof passkeyDto>;
export const passkeyList = z.array(passkeyDto);

export const sessionDto = z.object({
  id: z.number().int(),
  /** "Chrome", "Firefox"…; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS", "Android"…; null when unknown. */
  system: z.string().nullable(),
  /** The address it signed in from (no place database ships with Kaleido). */
  address: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session making this request: "This device". */
  current: z.boolean(),
});
export type SessionDto = z.infer<typeof sessionDto>;
export const sessionList = z.array(sessionDto);

/** What Settings → Account Security shows, and which proofs the recent-sign-in dialog can ask for. */
export const securityStatus = z.object({
  hasPassword: z.boolean(),
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  passkeyCount: z.number().int(),
  /** The single sign-on provider when configured: its label and whether this account is linked. */
  sso: z.object({ name: z.string(), linked: z.boolean() }).nullable(),
  /** Whether this session proved the member within the last 10 minutes. */
  recentSignIn: z.boolean(),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

/** The recent-sign-in proof by password or by code (a passkey and single sign-on have their own calls). */
export const reauthenticateBody = z.union([
  z.object({ password: secret({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX) }),
  codeBody,
]);

/** `GET /api/auth/oidc/start`: `intent=reauth` proves a signed-in member again; the default signs in. */
export const oidcStartQuery = z.object({ intent: z.enum(['signin', 'reauth']).default('signin') });
/** The provider's answer: everything else in the query is read by openid-client from the full URL. */
export const oidcCallbackQuery = z.object({}).passthrough();
