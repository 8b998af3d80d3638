import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openBenchDatabase } from './bench-database.ts';
import { createTarget, runOpenLoop, type Target } from './mix-load.ts';
import { createPlanner, type MixWorld } from './mix-plan.ts';
import { startApp, type AppProcess } from './mix-processes.ts';
import { passes, summarize } from './mix-stats.ts';
import { cpuDelta, cpuMs } from './proc-cpu.ts';
import { createMetrics } from '../server/operations/metrics.ts';

// `npm run bench -- metrics-cost`: what the Prometheus metrics cost under the mix's realistic
// load (bench/mix-plan.ts: 200 members reading and writing over 100 000 files). Two app
// processes over one seeded PostgreSQL database: one without METRICS_TOKEN (no request hooks),
// one with it, scraped every 5 s (Prometheus usually scrapes every 15–60 s). They take turns,
// off then on, at the same offered rate with the same requests, so the machine's other work
// falls on both alike. The cost is the CPU per answered request (app and PostgreSQL together:
// what saturates first on a small machine) with metrics on against off; saturation throughput
// of a CPU-bound process is its inverse. Then both are ramped to find where each falls behind.

const ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 16);
const SECONDS = Number(process.env.BENCH_METRICS_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_METRICS_RATE ?? 300);
// BENCH_METRICS_RAMP=400,600,800: also ramp both; on a shared machine its steps are too coarse and noisy for a few per cent.
const RAMP = (process.env.BENCH_METRICS_RAMP ?? '').split(',').filter(Boolean).map(Number);
const TOKEN = crypto.randomBytes(24).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Side = { name: 'off' | 'on'; app: AppProcess; target: Target };

async function photos(n: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      sharp({ create: { width: 240, height: 180, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 80 }).toBuffer(),
    ),
  );
}

export async function benchMetricsCost(): Promise<void> {
  const bench = await openBenchDatabase('postgres');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-metrics-'));
  const salt = `mc${crypto.randomBytes(6).toString('hex')}`;
  const sides: Side[] = [];
  let scraping: NodeJS.Timeout | undefined;
  const backends = async () =>
    ((await bench.database.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)) as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
  try {
    // The hooks' own cost first, timed in this process while nothing else of the benchmark runs.
    const hook = await hookMicroseconds();
    console.log(`metrics-cost: one request's observation takes ${hook.toFixed(2)} µs`);
    if (ROUNDS === 0) return;
    const common = { DATABASE_URL: bench.database.url!, MIX_TOKEN_SALT: salt, MIX_SESSIONS: '200', AUTOTAG: 'off', LOG_LEVEL: 'warn' };
    console.log('metrics-cost: seeding 100 000 files and starting the app without metrics…');
    const off = await startApp({ ...common, DATA_DIR: path.join(tmp, 'off') });
    const on = await startApp({ ...common, DATA_DIR: path.join(tmp, 'on'), MIX_SEED: 'none', METRICS_TOKEN: TOKEN });
    sides.push({ name: 'off', app: off, target: createTarget(off.url, 256) }, { name: 'on', app: on, target: createTarget(on.url, 256) });
    const uploads = await photos(40);
    const planners = sides.map((s) => createPlanner({ ...s.app.world, origin: s.app.url, streamHolders: 0, uploads } as MixWorld, 17));
    let scrapes = 0;
    let failedScrapes = 0;
    scraping = setInterval(() => {
      void fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then(
        async (r) => {
          await r.text();
          if (r.status === 200) scrapes++;
          else failedScrapes++;
        },
        () => failedScrapes++,
      );
    }, 5000);
    for (const [i, s] of sides.entries()) await runOpenLoop(s.target, planners[i].plan(100, 5), { timeoutMs: 5000, maxInFlight: 2000 });

    async function step(i: number, rate: number, seconds: number) {
      await sleep(1500);
      const pids = [sides[i].app.pid, ...(await backends())];
      const before = cpuMs(pids);
      const run = await runOpenLoop(sides[i].target, planners[i].plan(rate, seconds), { timeoutMs: 5000, maxInFlight: 2000 });
      const after = cpuMs([...new Set([...pids, ...(await backends())])]);
      const app = (m: Map<number, number>) => new Map([[sides[i].app.pid, m.get(sides[i].app.pid) ?? 0]]);
      const n = Math.max(1, run.answered);
      return { summary: summarize(run.samples, rate, seconds, run.answered), cpuPerRequest: cpuDelta(before, after) / n, appPerRequest: cpuDelta(app(before), app(after)) / n };
    }

    const rounds: { off: number; on: number; appOff: number; appOn: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Off first in even rounds, on first in odd ones: neither always follows the other.
      const order = r % 2 === 0 ? [0, 1] : [1, 0];
      const got: Record<string, { cpuPerRequest: number; appPerRequest: number }> = {};
      for (const i of order) got[sides[i].name] = await step(i, RATE, SECONDS);
      rounds.push({ off: got.off.cpuPerRequest, on: got.on.cpuPerRequest, appOff: got.off.appPerRequest, appOn: got.on.appPerRequest });
      console.log(`metrics-cost: round ${r + 1}: app CPU per request off ${got.off.appPerRequest.toFixed(3)} ms, on ${got.on.appPerRequest.toFixed(3)} ms`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const sum = (f: (r: (typeof rounds)[number]) => number) => rounds.reduce((n, r) => n + f(r), 0);

    const ramp: { rate: number; off: boolean; on: boolean; p99: { off: number; on: number } }[] = [];
    for (const rate of RAMP) {
      const [a, b] = [await step(0, rate, 4), await step(1, rate, 4)];
      ramp.push({ rate, off: passes(a.summary, 1000), on: passes(b.summary, 1000), p99: { off: a.summary.p99Ms, on: b.summary.p99Ms } });
      console.log(`metrics-cost: ${rate} req/s: off ${ramp.at(-1)!.off ? 'kept up' : 'fell behind'} (p99 ${a.summary.p99Ms} ms), on ${ramp.at(-1)!.on ? 'kept up' : 'fell behind'} (p99 ${b.summary.p99Ms} ms)`);
      if (!ramp.at(-1)!.off && !ramp.at(-1)!.on) break;
    }
    const highest = (side: 'off' | 'on') => Math.max(0, ...ramp.filter((r) => r[side]).map((r) => r.rate));

    console.log(`\nMetrics cost: ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${ROUNDS} rounds of ${SECONDS} s at ${RATE} req/s each side, ${scrapes} scrapes (${failedScrapes} failed)`);
    console.table(rounds.map((r, i) => ({ round: i + 1, 'app off ms/req': r.appOff.toFixed(3), 'app on ms/req': r.appOn.toFixed(3), 'app on/off': (r.appOn / r.appOff).toFixed(3), 'with PostgreSQL on/off': (r.on / r.off).toFixed(3) })));
    console.log(`App CPU per request, on/off: median of rounds ${median(rounds.map((r) => r.appOn / r.appOff)).toFixed(3)}, all rounds ${(sum((r) => r.appOn) / sum((r) => r.appOff)).toFixed(3)}`);
    console.log(`App + PostgreSQL CPU per request, on/off: median of rounds ${median(rounds.map((r) => r.on / r.off)).toFixed(3)}, all rounds ${(sum((r) => r.on) / sum((r) => r.off)).toFixed(3)}`);
    const appOff = sum((r) => r.appOff) / rounds.length;
    console.log(`The request hooks alone: ${hook.toFixed(2)} µs per request = ${((hook / 1000 / appOff) * 100).toFixed(2)} % of the app's CPU per request without metrics (target ≤ 3 %)`);
    if (ramp.length) {
      console.table(ramp.map((r) => ({ 'req/s': r.rate, off: r.off ? 'kept up' : 'fell behind', on: r.on ? 'kept up' : 'fell behind', 'p99 off': r.p99.off, 'p99 on': r.p99.on })));
      console.log(`Highest rate kept up: off ${highest('off')} req/s, on ${highest('on')} req/s`);
    }
  } finally {
    clearInterval(scraping);
    await Promise.all(sides.map((s) => s.target.pool.destroy().catch(() => undefined)));
    for (const s of sides) await s.app.close();
    await bench.database.close();
    await bench.drop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/**
 * What the request hook adds to each answer, timed directly: its histogram observation (labels
 * by operation and status, spread over 40 series as a live app's are), a million times, in µs.
 * Timing it through Fastify's inject drowns a microsecond in inject's own tens.
 */
async function hookMicroseconds(): Promise<number> {
  const metrics = createMetrics();
  const operations = ['listFeed', 'getFile', 'listFileComments', 'likeFile', 'unlikeFile', 'addComment', 'uploadFile', 'getCurrentUser'];
  const statuses = [200, 201, 304, 404, 429];
  const N = 1_000_000;
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const before = process.cpuUsage();
    for (let i = 0; i < N; i++) metrics.requests.observe({ operation: operations[i & 7], status: statuses[i % 5] }, (i % 100) / 1000);
    const d = process.cpuUsage(before);
    runs.push((d.user + d.system) / N);
  }
  return runs.sort((a, b) => a - b)[2];
}
