import type { FastifyInstance } from 'fastify';
import { tooManyWritesMessage } from '../../contract/common';
import type { BudgetName } from '../../contract/endpoint';
import { RateLimitError } from '../lib/errors';
import { spend, type CounterStore, type Refusal } from '../lib/throttle';

/** `points` writes per `seconds`, per member (or per member and recipient). */
type Window = readonly [points: number, seconds: number];
type Budget = { member: readonly Window[]; recipient?: readonly Window[] };

const MINUTE = 60;
const HOUR = 3600;

/**
 * What one member may write, per minute (a burst) and per hour (a sustained rate), far above what
 * a person does by hand and far below a script: one member sent 198 messages and 56 comments a
 * second before these (issue 18). `recipient`: where one member targets another (a message, an
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
  // Each change of e-mail or password mails the member.
  account: { member: [[10, MINUTE], [50, HOUR]] },
} as const satisfies Record<'write' | BudgetName, Budget>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The write budget this route spends besides `write` (plugins/write-budgets.ts). */
    budget?: BudgetName;
    /** The member the write targets, for the budget's per-recipient windows. */
    recipient?: (request: FastifyRequest) => unknown;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Gives every member write a budget per member, and per recipient where the route names one,
 * in the same counter store as sign-in (in process, or Redis when scaled out). Runs as a
 * preHandler: after the session and the body's validation, before the handler writes anything,
 * so a refused write answers 429 with Retry-After and changes nothing. Visitors are not counted
 * here (their writes answer 401 or are the sign-in calls, throttled by auth.throttle.ts).
 */
export function registerWriteBudgets(app: FastifyInstance, opts: { counters: CounterStore; scale: number }): void {
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

  app.addHook('preHandler', async (request) => {
    const user = request.user;
    if (!user || READS.has(request.method)) return;
    const { budget, recipient } = request.routeOptions.config;
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
  });
}
