import { authMessages } from '../../../contract/auth';
import type { Config } from '../../config';
import { RateLimitError } from '../../lib/errors';
import { spend, spent, type CounterStore, type Refusal } from '../../lib/throttle';

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
 * - per account from all addresses, failures beyond `accountFailures` slow every further
 *   attempt by a growing delay (never a refusal), so a botnet gains little and the owner still
 *   gets in;
 * - per address, a far larger budget (`addressFailures`) of failures across all accounts,
 *   sign-ups, reset mails and bad reset tokens; username checks get three times it.
 */
export function createAuthThrottle(config: Config, store: CounterStore, sleep = defaultSleep) {
  const { accountFailures, addressFailures, windowSeconds } = config.authThrottle;
  const counter = (keyPrefix: string, points: number) => store({ keyPrefix, points, durationSeconds: windowSeconds });
  const pairFailures = counter('login-pair', accountFailures);
  // The account-wide counter never refuses; it only measures how hard the account is attacked.
  const accountAttempts = counter('login-acct', Number.MAX_SAFE_INTEGER);
  const addressBudget = counter('auth-ip', addressFailures);
  const resetMails = counter('reset-mail', accountFailures);
  const usernameChecks = counter('username-ip', addressFailures * 3);

  return {
    /** Before a password is checked: refuses a spent pair or address, delays an attacked account. */
    async beforeLogin(ip: string, account: string): Promise<void> {
      const pair = `${account}|${ip}`;
      const pairState = await pairFailures.get(pair);
      if (pairState && pairState.consumedPoints >= accountFailures) refuse({ retryAfterMs: pairState.msBeforeNext });
      // Spent up front and given back on success, so parallel guesses cannot overrun the budget.
      refuse(await spend(addressBudget, ip));
      const excess = (await spent(accountAttempts, account)) - accountFailures;
      if (excess >= 0) await sleep(Math.min(FIRST_ACCOUNT_DELAY_MS * 2 ** excess, MAX_ACCOUNT_DELAY_MS));
    },
    async loginFailed(ip: string, account: string): Promise<void> {
      await Promise.all([spend(pairFailures, `${account}|${ip}`), spend(accountAttempts, account)]);
    },
    /** The owner got in: their account and this address start afresh. */
    async loginSucceeded(ip: string, account: string): Promise<void> {
      await Promise.all([pairFailures.delete(`${account}|${ip}`), accountAttempts.delete(account), addressBudget.reward(ip, 1)]);
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
