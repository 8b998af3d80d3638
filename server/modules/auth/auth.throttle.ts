import { authMessages } from '../../../contract/auth';
import type { Config } from '../../config';
import { RateLimitError } from '../../lib/errors';
import { createHashGate, type HashGate } from '../../lib/hash-gate';
import { createMemoryTurns, spend, spent, type CounterStore, type Refusal, type TurnStore } from '../../lib/throttle';

/** The longest a stranger's sign-in on an attacked account waits for its turn; a later turn is refused. */
const MAX_TURN_WAIT_MS = 8_000;
/**
 * The widest spacing of strangers' turns on an attacked account: once the attack is under way,
 * at most one stranger's password is checked per 20 s, three a minute (docs/decisions/026).
 */
const MAX_ACCOUNT_DELAY_MS = 20_000;
const FIRST_ACCOUNT_DELAY_MS = 250;
/** How long an address that signed in to an account stays known to it. */
// Under 24.8 days: the in-process store keeps each key with a timer, which node caps at 2^31 ms.
const KNOWN_ADDRESS_SECONDS = 14 * 24 * 60 * 60;

function refuse(refusal: Refusal | null): void {
  if (refusal) throw new RateLimitError(authMessages.tooManyAttempts, refusal.retryAfterMs / 1000);
}

/**
 * One sign-in under way. `trusted`: it comes with this account's device cookie (`device`) or from
 * an address that signed in to it before.
 */
export type LoginAttempt = { ip: string; account: string; device: string | null; trusted: boolean };

/**
 * The auth throttling rules (decisions 007 and 021):
 * - failures spend, successes do not: a sign-in that works gives its address point back;
 * - per account and source (the device cookie when there is one, else the address),
 *   `accountFailures` failed sign-ins then 429 for that pair only;
 * - per account from all addresses, failures beyond `accountFailures` make further attempts from
 *   strangers take turns a growing delay apart (at most 20 s). A stranger whose turn is more than
 *   8 s off is refused (429) before any check: a crowd learns about one password at most three
 *   times a minute, however many addresses it has (docs/decisions/026);
 * - devices and addresses that signed in to the account before skip those turns (OWASP's device
 *   cookies): the owner's phone signs in at once during an attack, and a passkey or a reset by
 *   mail, which a crowd cannot take, are ways in from anywhere else;
 * - every password check takes a token of the process-wide argon2 budget, with a share that only
 *   trusted sign-ins may use;
 * - per address, a far larger budget (`addressFailures`) of failures across all accounts,
 *   sign-ups, reset mails and bad reset tokens; username checks get three times it.
 */
export function createAuthThrottle(
  config: Config,
  store: CounterStore,
  turns: TurnStore = createMemoryTurns(),
  gate: HashGate = createHashGate({ perSecond: config.authThrottle.hashesPerSecond }),
  sleep = defaultSleep,
) {
  const { accountFailures, addressFailures, windowSeconds } = config.authThrottle;
  const counter = (keyPrefix: string, points: number, durationSeconds = windowSeconds) => store({ keyPrefix, points, durationSeconds });
  const pairFailures = counter('login-pair', accountFailures);
  // The account-wide counter never refuses; it only measures how hard the account is attacked.
  const accountAttempts = counter('login-acct', Number.MAX_SAFE_INTEGER);
  const addressBudget = counter('auth-ip', addressFailures);
  const resetMails = counter('reset-mail', accountFailures);
  const usernameChecks = counter('username-ip', addressFailures * 3);
  // Passkey and single sign-on starts (docs/decisions/034): as generous as username checks.
  const keySignIns = counter('key-signin-ip', addressFailures * 3);
  // Marked on each sign-in that works; read to tell the owner's usual addresses from strangers.
  const knownAddresses = counter('login-known', Number.MAX_SAFE_INTEGER, KNOWN_ADDRESS_SECONDS);
  const pairKey = (a: { account: string; ip: string; device: string | null }) => `${a.account}|${a.device ? `dev:${a.device}` : a.ip}`;

  async function hashTurn(lane: 'trusted' | 'open'): Promise<void> {
    if (!(await gate.acquire(lane))) refuse({ retryAfterMs: 1000 });
  }

  return {
    /**
     * Before a password is checked: refuses a spent pair or address, delays strangers on an
     * attacked account, and takes the check's argon2 token.
     */
    async beforeLogin(ip: string, account: string, device: string | null): Promise<LoginAttempt> {
      const attempt: LoginAttempt = { ip, account, device, trusted: device !== null };
      // Both budgets are spent up front (and given back on success), so parallel guesses
      // cannot all read "not yet spent" and overrun them. A genuine device cookie cannot come
      // from a stranger: its failures are counted per device, not against the shared address.
      refuse(await spend(pairFailures, pairKey(attempt)));
      if (!device) refuse(await spend(addressBudget, ip));
      attempt.trusted ||= (await spent(knownAddresses, `${account}|${ip}`)) > 0;
      if (!attempt.trusted) {
        const excess = (await spent(accountAttempts, account)) - accountFailures;
        if (excess >= 0) {
          // Strangers' attempts take turns, `delay` apart: parallel guesses are queued, not all
          // checked after one shared sleep. Booked in the counters' store family (Redis at scale).
          const delayMs = Math.min(FIRST_ACCOUNT_DELAY_MS * 2 ** excess, MAX_ACCOUNT_DELAY_MS);
          const booked = await turns.take(account, delayMs, MAX_TURN_WAIT_MS);
          // Past its turn: refused before the password is looked at, so it teaches the crowd nothing.
          if ('retryAfterMs' in booked) refuse(booked);
          else await sleep(booked.waitMs);
        }
      }
      await hashTurn(attempt.trusted ? 'trusted' : 'open');
      return attempt;
    },
    /** A wrong password: counted against the account. */
    async loginFailed(attempt: LoginAttempt): Promise<void> {
      await spend(accountAttempts, attempt.account);
    },
    /**
     * The owner got in: this pair starts afresh, the address gets its point back and is known to
     * the account from now on. The attack's slow-down on strangers stays until its window ends:
     * the owner signing in does not hand the crowd a fresh allowance.
     */
    async loginSucceeded(attempt: LoginAttempt): Promise<void> {
      await Promise.all([
        pairFailures.delete(pairKey(attempt)),
        attempt.device ? null : addressBudget.reward(attempt.ip, 1),
        knownAddresses.set(`${attempt.account}|${attempt.ip}`, 1, KNOWN_ADDRESS_SECONDS),
      ]);
    },
    /** A pending or rejected account gave the right password: not a guess. */
    async loginNotAGuess(attempt: LoginAttempt): Promise<void> {
      await Promise.all([pairFailures.delete(pairKey(attempt)), attempt.device ? null : addressBudget.reward(attempt.ip, 1)]);
    },

    /** Each sign-up creates an account (and hashes a password), so each one spends the address's budget. */
    async register(ip: string): Promise<void> {
      refuse(await spend(addressBudget, ip));
      await hashTurn('open');
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
    /**
     * A good token gives the address its point back; a password set through a reset link (the
     * mailbox's owner, `account` given) also makes the address known to the account, as a
     * sign-in would: a way in during an attack that a crowd cannot take.
     */
    async resetSucceeded(ip: string, account?: string): Promise<void> {
      await Promise.all([addressBudget.reward(ip, 1), account ? knownAddresses.set(`${account}|${ip}`, 1, KNOWN_ADDRESS_SECONDS) : null]);
    },
    async usernameCheck(ip: string): Promise<void> {
      refuse(await spend(usernameChecks, ip));
    },

    /**
     * A sign-in by passkey or single sign-on spends a point of the address when it starts (each
     * start stores a challenge); one that works gives it back. The sign-in screen starts one
     * for the browser's passkey autofill, so this budget is its own, not the failures' one.
     */
    async beforeKeySignIn(ip: string): Promise<void> {
      refuse(await spend(keySignIns, ip));
    },
    async keySignInSucceeded(ip: string): Promise<void> {
      await keySignIns.reward(ip, 1);
    },
  };
}
export type AuthThrottle = ReturnType<typeof createAuthThrottle>;

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
