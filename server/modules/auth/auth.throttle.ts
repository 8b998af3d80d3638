import { authMessages } from '../../../contract/auth';
import type { Config } from '../../config';
import { RateLimitError } from '../../lib/errors';
import { memoryTurns, spend, spent, type CounterStore, type Refusal, type TurnStore } from '../../lib/throttle';

/** The longest a sign-in on an attacked account is held back. */
const MAX_ACCOUNT_DELAY_MS = 8_000;
const FIRST_ACCOUNT_DELAY_MS = 250;

function refuse(refusal: Refusal | null): void {
  if (refusal) throw new RateLimitError(authMessages.tooManyAttempts, refusal.retryAfterMs / 1000);
}

/**
 * The auth throttling rules of DESIGN.md "Identity and sessions":
 * - failures spend, successes do not: a sign-in that works gives its address point back;
 * - per account and address, `accountFailures` failed sign-ins then 429 for that pair only, so
 *   the attacker's address is stopped while the owner's other address is not;
 * - per account from all addresses, failures beyond `accountFailures` make further attempts
 *   take turns a growing delay apart (at most 8 s), so a botnet gains little and the owner still
 *   gets in;
 * - per address, a far larger budget (`addressFailures`) of failures across all accounts,
 *   sign-ups, reset mails and bad reset tokens; username checks get three times it.
 */
export function createAuthThrottle(config: Config, store: CounterStore, turns: TurnStore = memoryTurns(), sleep = defaultSleep) {
  const { accountFailures, addressFailures, windowSeconds } = config.authThrottle;
  const counter = (keyPrefix: string, points: number) => store({ keyPrefix, points, durationSeconds: windowSeconds });
  const pairFailures = counter('login-pair', accountFailures);
  // The account-wide counter never refuses; it only measures how hard the account is attacked.
  const accountAttempts = counter('login-acct', Number.MAX_SAFE_INTEGER);
  const addressBudget = counter('auth-ip', addressFailures);
  const resetMails = counter('reset-mail', accountFailures);
  const usernameChecks = counter('username-ip', addressFailures * 3);
  // An attacked account's attempts take turns, `delay` apart: parallel guesses are queued, not
  // all checked after one shared sleep. A turn further off than the longest delay is refused
  // for that long (a slow-down, never a lock-out: the owner's turn comes within seconds). The
  // turns are booked in the same store family as the counters, so every app process queues alike.
  async function waitTurn(account: string, delayMs: number): Promise<void> {
    const booked = await turns.take(account, delayMs, MAX_ACCOUNT_DELAY_MS);
    if ('retryAfterMs' in booked) refuse(booked);
    else await sleep(booked.waitMs);
  }

  return {
    /** Before a password is checked: refuses a spent pair or address, delays an attacked account. */
    async beforeLogin(ip: string, account: string): Promise<void> {
      // Both budgets are spent up front (and given back on success), so parallel guesses
      // cannot all read "not yet spent" and overrun them.
      refuse(await spend(pairFailures, `${account}|${ip}`));
      refuse(await spend(addressBudget, ip));
      const excess = (await spent(accountAttempts, account)) - accountFailures;
      if (excess >= 0) await waitTurn(account, Math.min(FIRST_ACCOUNT_DELAY_MS * 2 ** excess, MAX_ACCOUNT_DELAY_MS));
    },
    async loginFailed(_ip: string, account: string): Promise<void> {
      await spend(accountAttempts, account);
    },
    /** The owner got in: their account and this address start afresh. */
    async loginSucceeded(ip: string, account: string): Promise<void> {
      await Promise.all([turns.clear(account), pairFailures.delete(`${account}|${ip}`), accountAttempts.delete(account), addressBudget.reward(ip, 1)]);
    },

    /** Each sign-up creates an account, so each one spends the address's budget. */
    async register(ip: string): Promise<void> {
      refuse(await spend(addressBudget, ip));
    },

    /**
     * Refuses an address that asks too often; answers whether a mail may go to `email`. Past
     * the per-email budget the answer stays the same but no mail is sent: a stranger cannot
     * flood an inbox, and the owner already holds the recent links, each valid an hour.
     */
    async forgotPassword(ip: string, email: string): Promise<boolean> {
      refuse(await spend(addressBudget, ip));
      return (await spend(resetMails, email.trim().toLowerCase())) === null;
    },

    /** Spent before the token is looked up; given back when the token was good. */
    async beforeReset(ip: string): Promise<void> {
      refuse(await spend(addressBudget, ip));
    },
    async resetSucceeded(ip: string): Promise<void> {
      await addressBudget.reward(ip, 1);
    },

    async usernameCheck(ip: string): Promise<void> {
      refuse(await spend(usernameChecks, ip));
    },
  };
}
export type AuthThrottle = ReturnType<typeof createAuthThrottle>;

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
