import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions, users } from './users';

/** A member's passkeys (WebAuthn credentials); see docs/decisions/034-passkeys-two-factor-sso.md. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: one going backwards is a cloned authenticator. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `multiDevice` for a synced passkey, `singleDevice` for one bound to its hardware. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** A member's authenticator-app secret: pending until confirmed by a code (`enabledAt`). */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** Encrypted with a key derived from APP_SECRET (server/modules/account-security/secret-box.ts). */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The time step of the last code accepted: a code is good once. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the code (60 random bits): a copy of the table gives no code, and a lost APP_SECRET does not void them. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId), uniqueIndex('recovery_codes_hash_idx').on(t.userId, t.codeHash)],
);

/** An account at the OpenID provider linked to a member. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_identities_subject_idx').on(t.issuer, t.subject), index('oidc_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in step under way, bound to one browser by a cookie holding its random token (stored
 * hashed): a password waiting for its second factor, a passkey challenge, an OpenID round trip
 * (state, nonce, PKCE verifier), a single sign-on waiting to be linked. Used once, short-lived.
 */
export const authFlows = pgTable(
  'auth_flows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['two-factor', 'passkey-login', 'passkey-register', 'passkey-reauth', 'oidc', 'oidc-link'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('auth_flows_token_idx').on(t.tokenHash), index('auth_flows_expires_idx').on(t.expiresAt)],
);

/** Devices (device cookie) and addresses a member signed in from: a sign-in from neither is mailed. */
export const signInSources = pgTable(
  'sign_in_sources',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** `dev:<nonce>` or `ip:<address>`. */
    source: text('source').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sign_in_sources_idx').on(t.userId, t.source)],
);
