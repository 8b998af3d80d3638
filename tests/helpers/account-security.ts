import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';
import type { TestClient } from './test-client';

const PERIOD_MS = 30_000;
/** How long a test may take from making a code to the server checking it. */
const CHECKED_WITHIN_MS = 5_000;

/**
 * The authenticator app's code for `secret`, `steps` periods of 30 s from now (each step is good
 * once). The server takes the step before, now and after: a past step's code made in the last
 * seconds of a period would be two steps old when it arrives, so it waits for the next period.
 */
export async function totp(secret: string, steps = 0): Promise<string> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (steps < 0 && left < CHECKED_WITHIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** Turns two-factor on for the client's member; answers the secret and the recovery codes. */
export async function enableTwoFactor(client: TestClient): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await client.post('/api/user/2fa/setup');
  if (setup.status !== 200) throw new Error(`2fa setup answered ${setup.status} ${setup.text}`);
  const enable = await client.post('/api/user/2fa/enable', { code: await totp(setup.body.secret, -1) });
  if (enable.status !== 200) throw new Error(`2fa enable answered ${enable.status} ${enable.text}`);
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

/** Moves every session of the member's last proof `minutes` into the past, as if that long went by. */
export async function ageProof(t: Pick<TestApp, 'database'>, userId: number, minutes: number): Promise<void> {
  await t.database.db.execute(sql`UPDATE sessions SET verified_at = now() - make_interval(mins => ${minutes}) WHERE user_id = ${userId}`);
}

/** The member's live stream on `baseUrl`: `ended` resolves when the server closes it. */
export async function openLiveStream(baseUrl: string, client: TestClient): Promise<{ status: number; ended: Promise<void>; close(): void }> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie: client.cookieHeader }, signal: controller.signal });
  const ended = (async () => {
    try {
      for await (const _chunk of res.body as unknown as AsyncIterable<Uint8Array>);
    } catch {
      // aborted by the test
    }
  })();
  return { status: res.status, ended, close: () => controller.abort() };
}

/** Whether `promise` settles within `ms`. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([promise.then(() => true), timeout]);
  clearTimeout(timer);
  return result;
}
