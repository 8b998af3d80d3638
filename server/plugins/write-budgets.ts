import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { tooManyWritesMessage } from '../../contract/common';
import type { BudgetName } from '../../contract/endpoint';
import { RateLimitError } from '../lib/errors';
import { spend, type CounterStore, type Refusal } from '../lib/throttle';
import type { UserRow } from '../modules/users/users.repo';

/** `points` writes per `seconds`, per member (or per member and recipient). */
type Window = readonly [points: number, seconds: number];
type Budget = { member: readonly Window[]; recipient?: readonly Window[] };

const MINUTE = 60;
const HOUR = 3600;

/**
 * What one member may write, per minute (a burst) and per hour (a sustained rate), far above what
 * a person does by hand and far below a script: one member sent 198 messages and 56 comments a
 * second before these (decision 021). `recipient`: where one member targets another (a message, an
 * addressed invite, a follow, a collaborator), what one member may aim at one other member.
 */
export const WRITE_BUDGETS = {
  /**
   * Every write a signed-in member makes, whatever it is (settings, marks read, deletes…). An
   * album of 100 photos is 100 uploads, 100 tag analyses and up to 100 tag saves.
   */
  write: { member: [[300, MINUTE], [5000, HOUR]] },
  message: { member: [[30, MINUTE], [500, HOUR]], recipient: [[20, MINUTE], [200, HOUR]] },
  // Each comment notifies the owner and up to 50 earlier commenters.
  comment: { member: [[10, MINUTE], [200, HOUR]] },
  folder: { member: [[10, MINUTE], [100, HOUR]] },
  invite: { member: [[20, MINUTE], [200, HOUR]], recipient: [[10, HOUR]] },
  collaborator: { member: [[20, MINUTE], [200, HOUR]], recipient: [[10, HOUR]] },
  like: { member: [[60, MINUTE], [1000, HOUR]] },
  // Follow and unfollow in turn would notify the followee each time.
  follow: { member: [[30, MINUTE], [300, HOUR]], recipient: [[10, HOUR]] },
  save: { member: [[60, MINUTE], [1000, HOUR]] },
  // The upload screen sends a whole selection one file after another, and waits out a 429.
  upload: { member: [[60, MINUTE], [1000, HOUR]] },
  // The upload screen asks once per image uploaded; recognition runs once per image whatever is asked.
  analyze: { member: [[60, MINUTE], [1000, HOUR]] },
  // An edit may mention members in its description (at most 10 notified per write).
  edit: { member: [[30, MINUTE], [300, HOUR]] },
  // Profile and avatar changes, two-factor and passkey settings.
  account: { member: [[10, MINUTE], [50, HOUR]] },
  // Each archive is a zip of everything the member has, built by a job.
  archive: { member: [[3, MINUTE], [10, HOUR]] },
  // Security actions (docs/decisions/026): counted per session, spent by nothing else. Each
  // change of e-mail or password mails the member.
  password: { member: [[10, MINUTE], [50, HOUR]] },
  email: { member: [[10, MINUTE], [50, HOUR]] },
  sessions: { member: [[30, MINUTE], [300, HOUR]] },
  // Blocking and unblocking in turn would end follows and collaborations each time.
  block: { member: [[30, MINUTE], [300, HOUR]] },
  // Each report lands in the admins' queue.
  report: { member: [[10, MINUTE], [100, HOUR]] },
} as const satisfies Record<'write' | BudgetName, Budget>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The write budget this route spends besides `write` (plugins/write-budgets.ts). */
    budget?: BudgetName;
    /** A security action: spends only its own budget, per session, never `write`. */
    security?: boolean;
    /** The member the write targets, for the budget's per-recipient windows. */
    recipient?: (request: FastifyRequest) => unknown;
  }
}

/**
 * Gives every member write a budget per member, and per recipient where the route names one,
 * in the same counter store as sign-in (in process, or Redis when scaled out). The endpoint
 * table puts the hook on its write routes only (plugins/endpoints.ts), first of their
 * preHandlers: after the session and the body's validation, before the handler writes
 * anything, so a refused write answers 429 with Retry-After and changes nothing. Reads never
 * meet it. Visitors are not counted here (their writes answer 401 or are the sign-in calls,
 * throttled by auth.throttle.ts).
 */
export function writeBudgetHook(opts: { counters: CounterStore; scale: number }): preHandlerHookHandler {
  const counters = new Map<string, ReturnType<CounterStore>>();
  function counter(name: string, [points, seconds]: Window) {
    const key = `wb-${name}-${seconds}`;
    let c = counters.get(key);
    if (!c) counters.set(key, (c = opts.counters({ keyPrefix: key, points: Math.max(1, Math.round(points * opts.scale)), durationSeconds: seconds })));
    return c;
  }
  async function spendWindows(name: string, windows: readonly Window[], key: string): Promise<Refusal | null> {
    let refusal: Refusal | null = null;
    for (const w of windows) {
      const r = await spend(counter(name, w), key);
      if (r && (!refusal || r.retryAfterMs > refusal.retryAfterMs)) refusal = r;
    }
    return refusal;
  }

  const hook: preHandlerHookHandler = (request, _reply, done) => {
    const user = request.user;
    if (!user) return done();
    spendFor(request, user).then(() => done(), done);
  };

  /** Spends the write's budgets; throws RateLimitError when one is spent. */
  async function spendFor(request: FastifyRequest, user: UserRow): Promise<void> {
    const { budget, recipient, security } = request.routeOptions.config;
    if (security) {
      // Signing out, changing password or e-mail, ending sessions: what another session spent
      // never refuses them; their own budget is this session's.
      const own = budget ? await spendWindows(budget, WRITE_BUDGETS[budget].member, `${user.id}:${request.sessionId}`) : null;
      if (own) throw new RateLimitError(tooManyWritesMessage, own.retryAfterMs / 1000);
      return;
    }
    const refusals = [await spendWindows('write', WRITE_BUDGETS.write.member, String(user.id))];
    if (budget) {
      const rules: Budget = WRITE_BUDGETS[budget];
      refusals.push(await spendWindows(budget, rules.member, String(user.id)));
      const target = recipient?.(request);
      if (rules.recipient && (typeof target === 'number' || typeof target === 'string')) {
        refusals.push(await spendWindows(`${budget}-to`, rules.recipient, `${user.id}>${target}`));
      }
    }
    const worst = refusals.reduce<Refusal | null>((a, r) => (r && (!a || r.retryAfterMs > a.retryAfterMs) ? r : a), null);
    if (worst) throw new RateLimitError(tooManyWritesMessage, worst.retryAfterMs / 1000);
  }

  return hook;
}
