import { authMessages } from '../../../contract/auth';
import type { RegisterBody } from '../../../contract/auth';
import { RESET_TOKEN_TTL_MS, SESSION_TTL_MS } from '../../../contract/limits';
import { screens } from '../../../contract/screens';
import type { Config } from '../../config';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { uniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newToken } from '../../lib/tokens';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { resetPasswordMail } from '../../mail/templates';
import type { UserRow } from '../users/users.repo';
import type { Users } from '../users/user-writes';
import type { WaitlistRepo } from '../waitlist/waitlist.repo';
import type { ResetTokensRepo, SessionOrigin, SessionsRepo } from './sessions.repo';
import type { FastifyBaseLogger } from 'fastify';

export type LoginAccount = { user: UserRow | null; key: string };

/** The key the sign-in throttle counts a member's failures under, however they named themself. */
export function accountKey(userId: number): string {
  return `user:${userId}`;
}

/** A new account from a single sign-on provider: a verified email, a free username, no password. */
export type ProviderAccount = { email: string; usernames: string[]; firstName: string | null; lastName: string | null; reason: string };

type Deps = {
  config: Config;
  users: Users;
  sessions: SessionsRepo;
  resetTokens: ResetTokensRepo;
  waitlist: WaitlistRepo;
  mailer: Mailer;
  queue: JobQueue;
  log: FastifyBaseLogger;
};

export type NewSession = { token: string; expiresAt: Date; user: UserRow };

/** Refuses a waitlisted or rejected account whatever proved it (password, passkey, single sign-on). */
export function assertCanSignIn(user: UserRow): void {
  if (user.status === 'pending') throw new ForbiddenError(authMessages.pendingApproval);
  if (user.status === 'rejected') throw new ForbiddenError(authMessages.rejected);
  if (user.suspendedAt) throw new ForbiddenError(authMessages.suspended);
}

export function createAuthService(d: Deps) {
  async function startSession(user: UserRow, origin?: SessionOrigin): Promise<NewSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await d.sessions.create(user.id, token, expiresAt, origin);
    return { token, expiresAt, user };
  }

  async function assertAvailable(email: string, username: string): Promise<void> {
    if (await d.users.findByEmail(email)) throw new ConflictError(authMessages.emailTaken);
    if (await d.users.findByUsername(username)) throw new ConflictError(authMessages.usernameTaken);
  }

  return {
    startSession,

    /** The new member, whom the caller signs in (server/modules/auth/sign-in-reply.ts), or the waitlist's notice. */
    async register(body: RegisterBody): Promise<{ user: UserRow } | { waitlisted: true }> {
      const email = body.email.toLowerCase();
      const isAdmin = d.config.adminEmails.has(email);
      const waitlisted = d.config.registration === 'waitlist' && !isAdmin;
      if (waitlisted && !body.reason) throw new ValidationError(authMessages.reasonRequired, { reason: authMessages.reasonRequired });
      await assertAvailable(email, body.username);
      let user: UserRow;
      try {
        user = await d.users.insert({
          email,
          username: body.username,
          passwordHash: await hashPassword(body.password),
          firstName: body.firstName,
          lastName: body.lastName,
          isAdmin,
          status: waitlisted ? 'pending' : 'active',
        });
      } catch (err) {
        // Two sign-ups racing for the same name: the unique index decides.
        const index = uniqueViolation(err);
        if (index === null) throw err;
        throw new ConflictError(index.includes('email') ? authMessages.emailTaken : authMessages.usernameTaken);
      }
      if (waitlisted) {
        await d.waitlist.insert({ userId: user.id, firstName: body.firstName, lastName: body.lastName, email, reason: body.reason! });
        return { waitlisted: true };
      }
      return { user };
    },

    /**
     * Creates the account of a single sign-on that no member has yet: the first free username of
     * `usernames`, and in waitlist mode a pending application like a sign-up's (admins skip it).
     */
    async registerFromProvider(p: ProviderAccount): Promise<{ user: UserRow; waitlisted: boolean }> {
      const email = p.email.toLowerCase();
      const isAdmin = d.config.adminEmails.has(email);
      const waitlisted = d.config.registration === 'waitlist' && !isAdmin;
      for (const username of p.usernames) {
        if (await d.users.findByUsername(username)) continue;
        let user: UserRow;
        try {
          user = await d.users.insert({ email, username, passwordHash: null, firstName: p.firstName, lastName: p.lastName, isAdmin, status: waitlisted ? 'pending' : 'active' });
        } catch (err) {
          const index = uniqueViolation(err);
          if (index === null) throw err;
          if (index.includes('email')) throw new ConflictError(authMessages.emailTaken);
          continue;
        }
        if (waitlisted) await d.waitlist.insert({ userId: user.id, firstName: p.firstName ?? '', lastName: p.lastName ?? '', email, reason: p.reason });
        return { user, waitlisted };
      }
      throw new ConflictError(authMessages.usernameTaken);
    },

    /**
     * The member whose password this is (`account` from `findAccount`: looked up once per
     * sign-in); the session is started by whoever completes the sign-in (a second factor may follow).
     */
    async checkPassword(account: LoginAccount, password: string): Promise<UserRow> {
      const { user } = account;
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok) throw new UnauthorizedError(authMessages.invalidCredentials);
      assertCanSignIn(user);
      return user;
    },

    /** The per-account rate-limit key: one counter for a member whether named by email or username. */
    /** The member a sign-in names, and the key its throttling counts under (the name when unknown). */
    async findAccount(emailOrUsername: string): Promise<LoginAccount> {
      const user = await d.users.findByLogin(emailOrUsername);
      return { user, key: user ? accountKey(user.id) : `name:${emailOrUsername.trim().toLowerCase()}` };
    },

    async usernameStatus(username: string): Promise<{ available: boolean; message: string }> {
      const taken = await d.users.findByUsername(username);
      return taken ? { available: false, message: authMessages.usernameTaken } : { available: true, message: authMessages.usernameAvailable };
    },

    /**
     * Answers the same whether or not the account exists: every request enqueues the same job
     * before the answer, and the job looks the account up, so both take the same time.
     */
    async forgotPassword(email: string): Promise<void> {
      await d.queue.send('password-reset.requested', { email });
    },

    /**
     * The `password-reset.requested` job. The token is made here, not in the request, so the raw
     * link exists only in the mail; a retry after a failed send mails a fresh token (the unsent one
     * was never seen by anyone and expires within the hour).
     */
    async sendResetLink(email: string): Promise<void> {
      const user = await d.users.findByEmail(email);
      if (!user || user.status !== 'active') return;
      const token = newToken();
      const link = `${d.config.publicUrl}${screens.resetPassword(token)}`;
      await d.resetTokens.create(user.id, token, new Date(Date.now() + RESET_TOKEN_TTL_MS));
      await d.mailer.send(resetPasswordMail(user, link));
    },

    async isResetTokenValid(token: string): Promise<boolean> {
      return (await d.resetTokens.findValid(token)) !== null;
    },

    /** Sets the new password; answers the account's throttling key (`findAccount`'s). */
    async resetPassword(token: string, password: string, currentSessionId?: number): Promise<string> {
      // The token is checked before the hash: a bad token costs one indexed lookup, not an
      // argon2 hash that a client could ask for a hundred times a second.
      if (!(await d.resetTokens.findValid(token))) throw new ValidationError(authMessages.invalidResetToken);
      const passwordHash = await hashPassword(password);
      // Consumed atomically after the hash, so two requests with one token change it once.
      const row = await d.resetTokens.consume(token);
      if (!row) throw new ValidationError(authMessages.invalidResetToken);
      await d.users.update(row.userId, { passwordHash });
      await d.resetTokens.consumeAllForUser(row.userId);
      await d.sessions.deleteAllForUser(row.userId, currentSessionId);
      return accountKey(row.userId);
    },

    /** Ends the session of `token` (the request's cookie), on every process. */
    async endSession(token: string | undefined): Promise<void> {
      if (token) await d.sessions.delete(token);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
