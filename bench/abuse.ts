import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateDatabase } from '../server/composition.ts';
import { TestClient } from '../tests/helpers/test-client.ts';
import { openBenchDatabase } from './bench-database.ts';

// `npm run bench -- abuse` (decision 021): the owner's sign-in during a crowd attack, and the request
// rate the app keeps serving to others while one address floods it. Production settings, PGlite,
// one process; every ratio is taken within this one run.

type AutocannonResult = { requests: { average: number }; errors: number; timeouts: number; non2xx: number };
// autocannon ships no types; the one call used here is typed here.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
let ipCounter = 0;
const newIp = () => `10.${Math.floor(++ipCounter / 62500) % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`;

async function startApp(env: Record<string, string>) {
  const opened = await openBenchDatabase('pglite');
  await migrateDatabase(opened.database);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-abuse-'));
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', AUTOTAG: 'off', WORKERS: 'off', ...env });
  const app = await buildApp({ config, database: opened.database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  config.publicUrl = url;
  return {
    url,
    async close() {
      await app.close();
      await opened.database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

type SignInRow = { case: string; crowdPerSecond: number; p50: number; p95: number; ok: string };

/** The owner signs in `n` times, one after another, while `crowdPerSecond` strangers guess. */
async function ownerSignIns(url: string, crowdPerSecond: number, n: number, who: 'phone' | 'new browser'): Promise<{ ms: number[]; ok: number; crowd: number[] }> {
  const owner = new TestClient(url);
  const member = { email: `owner${crowdPerSecond}${who[0]}@example.com`, username: `owner_${crowdPerSecond}_${who[0]}`, password: 'the-right-password', firstName: 'O', lastName: 'W' };
  const home = newIp();
  if ((await owner.post('/api/register', member, { 'x-forwarded-for': home })).status !== 201) throw new Error('sign-up failed');
  const device = owner.cookies.get('kaleido_device')!;
  let stop = false;
  const crowd: number[] = [];
  const attack = (async () => {
    for (let i = 0; crowdPerSecond && !stop; i++) {
      void new TestClient(url).post('/api/login', { emailOrUsername: member.username, password: `guess-${i}` }, { 'x-forwarded-for': newIp() }).then((r) => crowd.push(r.status));
      await sleep(1000 / crowdPerSecond);
    }
  })();
  // Long enough for the account's turn to run far ahead (more than 8 s after ~6 s at 2/s).
  if (crowdPerSecond) await sleep(8_000);
  const ms: number[] = [];
  let ok = 0;
  for (let i = 0; i < n; i++) {
    const c = new TestClient(url);
    if (who === 'phone') c.cookies.set('kaleido_device', device);
    const started = performance.now();
    const res = await c.post('/api/login', { emailOrUsername: member.email, password: member.password }, { 'x-forwarded-for': newIp() });
    ms.push(performance.now() - started);
    if (res.status === 200) ok++;
    await sleep(250);
  }
  stop = true;
  await attack;
  return { ms, ok, crowd };
}

async function benchSignIn(): Promise<SignInRow[]> {
  const app = await startApp({ TRUST_PROXY: 'on' });
  const rows: SignInRow[] = [];
  try {
    for (const [crowdPerSecond, who, n] of [
      [0, 'phone', 20],
      [4, 'phone', 20],
      [4, 'new browser', 10],
      [20, 'phone', 20],
      [20, 'new browser', 10],
    ] as const) {
      const r = await ownerSignIns(app.url, crowdPerSecond, n, who);
      const refused = r.crowd.filter((s) => s === 429).length;
      const through = r.crowd.filter((s) => s === 200).length;
      rows.push({ case: `owner's ${who}`, crowdPerSecond, p50: Math.round(p(r.ms, 0.5)), p95: Math.round(p(r.ms, 0.95)), ok: `${r.ok}/${n} in; crowd ${refused}/${r.crowd.length} 429, ${through} in` });
    }
  } finally {
    await app.close();
  }
  return rows;
}

type FloodRow = { caps: string; flood: string; reqPerSecond: number; ratio: string; errors: number };

/** 1 000 sockets from 127.0.0.2, each sending a JSON body a byte a second. */
function slowSockets(port: number, n: number): () => void {
  const sockets: net.Socket[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (let i = 0; i < n; i++) {
    const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
    s.on('error', () => {});
    s.on('connect', () => {
      s.write('POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n');
      timers.push(setInterval(() => s.writable && s.write(' '), 1000));
    });
    sockets.push(s);
  }
  return () => {
    timers.forEach(clearInterval);
    sockets.forEach((s) => s.destroy());
  };
}

/** Requests as fast as 64 keep-alive connections from 127.0.0.2 can send them. */
function requestFlood(port: number): () => void {
  let stop = false;
  const one = () =>
    new Promise<void>((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
      s.on('error', () => resolve());
      s.on('close', () => resolve());
      const send = () => !stop && s.writable && s.write('GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n');
      s.on('connect', send);
      s.on('data', (d) => {
        if (d.includes('\r\n\r\n')) send();
        if (stop) s.destroy();
      });
    });
  const loops = Array.from({ length: 64 }, async () => {
    while (!stop) await one();
  });
  return () => {
    stop = true;
    void Promise.all(loops);
  };
}

/** What 10 connections from 127.0.0.1 get served in 5 s. */
async function othersRate(url: string): Promise<{ rate: number; errors: number }> {
  const r = await autocannon({ url: `${url}/api/config`, connections: 10, duration: 5 });
  return { rate: Math.round(r.requests.average), errors: r.errors + r.timeouts + r.non2xx };
}

async function benchFlood(): Promise<FloodRow[]> {
  const rows: FloodRow[] = [];
  for (const [caps, env] of [
    ['per address', {}],
    ['global only (before)', { MAX_CONNECTIONS_PER_ADDRESS: '100000', MAX_UPLOADS_PER_ADDRESS: '100000' }],
  ] as const) {
    const app = await startApp(env);
    const port = Number(new URL(app.url).port);
    try {
      const base = await othersRate(app.url);
      rows.push({ caps, flood: 'none', reqPerSecond: base.rate, ratio: '1.00', errors: base.errors });
      for (const [flood, start] of [
        ['1 000 slow uploads from one address', () => slowSockets(port, 1000)],
        ['request flood, 64 connections from one address', () => requestFlood(port)],
      ] as const) {
        const stop = start();
        await sleep(3_000);
        const during = await othersRate(app.url);
        stop();
        rows.push({ caps, flood, reqPerSecond: during.rate, ratio: (during.rate / base.rate).toFixed(2), errors: during.errors });
        await sleep(2_000);
      }
    } finally {
      await app.close();
    }
  }
  return rows;
}

export async function benchAbuse(): Promise<void> {
  console.log('\nabuse: the owner signs in while a crowd guesses (production throttling, TRUST_PROXY, one process)');
  console.table(await benchSignIn());
  console.log('\nabuse: GET /api/config served to other addresses while one address floods (autocannon, 10 connections, 5 s)');
  console.table(await benchFlood());
}
