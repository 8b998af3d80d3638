import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../contract/auth';
import { useDeployment } from '../../../tests/helpers/deployment';
import { signUp, TestClient } from '../../../tests/helpers/test-client';

let ipCounter = 0;
/** A fresh client address per use: the crowd never repeats one. */
const newIp = () => `10.${50 + (Math.floor(++ipCounter / 62500) % 200)}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// About two wrong passwords a second, each from another address, kept the account's
// turn more than 8 s ahead and the owner's right password got 429 every time. Production
// settings (AUTH_RATE_LIMIT 10, 20 argon2 checks a second); one process, then two through Redis.
describe.each([1, 2])('a crowd guessing one password, %i process(es)', (processes) => {
  const d = useDeployment(processes, { TRUST_PROXY: 'on', AUTH_HASHES_PER_SECOND: '20' });

  it('the owner gets in every time while the crowd guesses at 4 a second', async () => {
    const app = (i: number) => d.apps[i % d.apps.length];
    const home = newIp();
    const m = await signUp(new TestClient(app(0).url), {});
    // The owner's phone signed in before, from the home address: it holds a device cookie.
    const phone = new TestClient(app(0).url);
    expect((await phone.post('/api/login', { emailOrUsername: m.email, password: m.password }, from(home))).status).toBe(200);
    expect(phone.cookies.has('kaleido_device')).toBe(true);

    let stop = false;
    const crowdAnswers: number[] = [];
    const crowd = (async () => {
      for (let i = 0; !stop; i++) {
        // Not awaited: a steady rate, whatever each answer's delay.
        void new TestClient(app(i).url)
          .post('/api/login', { emailOrUsername: m.username, password: `guess-${i}` }, from(newIp()))
          .then((r) => crowdAnswers.push(r.status));
        await sleep(250);
      }
    })();
    try {
      // Long enough for the account's turn to run more than 8 s ahead (when sign-in is refused before the hash check).
      await sleep(6_000);
      const tries: { who: string; status: number; ms: number }[] = [];
      for (let round = 0; round < 3; round++) {
        for (const [who, client, ip] of [
          ['phone, away from home', new TestClient(app(round).url), newIp()],
          ['new browser, new address', new TestClient(app(round + 1).url), newIp()],
          ['new browser at home', new TestClient(app(round).url), home],
        ] as const) {
          if (who.startsWith('phone')) client.cookies.set('kaleido_device', phone.cookies.get('kaleido_device')!);
          const started = Date.now();
          const res = await client.post('/api/login', { emailOrUsername: m.email, password: m.password }, from(ip));
          tries.push({ who, status: res.status, ms: Date.now() - started });
          // A new browser at a new address is a stranger: past its turn it is refused before any
          // check (docs/decisions/026); the owner's ways in are those the crowd cannot take.
          if (who === 'new browser, new address') {
            expect([200, 429], `${who}: ${res.text}`).toContain(res.status);
            continue;
          }
          expect(res.status, `${who}: ${res.text}`).toBe(200);
          expect(client.cookies.has('kaleido_session')).toBe(true);
        }
        await sleep(500);
      }
      // A device or address that signed in before skips the strangers' turns altogether.
      // (3 s leaves room for a loaded test machine; the strangers' turns are up to 8 s.)
      for (const t of tries.filter((x) => !x.who.startsWith('new browser, new'))) expect(t.ms, t.who).toBeLessThan(3_000);
      // Strangers are still slowed down: most wrong guesses now answer 429, none gets through.
      const stranger = await new TestClient(app(0).url).post('/api/login', { emailOrUsername: m.email, password: 'still-guessing' }, from(newIp()));
      expect(stranger.status).toBe(429);
      expect(stranger.body).toEqual({ message: authMessages.tooManyAttempts });
      expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      stop = true;
      await crowd;
      await sleep(300);
    }
    expect(crowdAnswers.filter((s) => s === 200)).toEqual([]);
    expect(crowdAnswers.filter((s) => s === 429).length).toBeGreaterThan(0);
  }, 60_000);

  it('a forged or another member’s device cookie buys nothing', async () => {
    const app = d.apps[0];
    const b = await signUp(new TestClient(app.url));
    const bs = new TestClient(app.url);
    await bs.post('/api/login', { emailOrUsername: b.email, password: b.password }, from(newIp()));
    const cookie = bs.cookies.get('kaleido_device')!;
    const [, nonce, sig] = cookie.split('.');
    // Ten failures spend the pair's budget whatever cookie comes with them: b's cookie is not a's device.
    for (const forge of [(id: number) => cookie, (id: number) => `${id}.${nonce}.${sig}`]) {
      const a = await signUp(new TestClient(app.url));
      const value = forge(a.id);
      const ip = newIp();
      for (let i = 0; i < 10; i++) {
        const c = new TestClient(app.url);
        c.cookies.set('kaleido_device', value);
        expect((await c.post('/api/login', { emailOrUsername: a.email, password: `nope-${i}` }, from(ip))).status).toBe(401);
      }
      const c = new TestClient(app.url);
      c.cookies.set('kaleido_device', value);
      expect((await c.post('/api/login', { emailOrUsername: a.email, password: 'nope-x' }, from(ip))).status).toBe(429);
    }
  });
});
