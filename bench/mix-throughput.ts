import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openBenchDatabase, type BenchDatabase } from './bench-database.ts';
import type { AppStats } from './mix-app.ts';
import { openStreams, type LiveDelivery } from './mix-live.ts';
import { createTarget, runOpenLoop, type LoadRun, type Target } from './mix-load.ts';
import { createPlanner, replayAt, type MixWorld, type PlannedRequest } from './mix-plan.ts';
import { startApp, startBare, type AppProcess, type BareProcess } from './mix-processes.ts';
import { answerFor, createRecorder, readRecording, UNANSWERED, writeRecording, type AnswerIndex } from './mix-replay.ts';
import { nextRate, passes, saturation, summarize, type StepSummary } from './mix-stats.ts';
import { cpuDelta, cpuMs } from './proc-cpu.ts';

// The load part of `npm run bench -- mix` on one database: 200 members reading and writing at
// fixed offered rates (open loop), each step sent to the app and then, identically, to a bare
// node:http server answering the app's recorded bytes. A fixed-rate run (CPU per request,
// latency, feed-cache hits, live delivery to 1 000 open streams), then a ramp to find where
// the app stops keeping up, then a ramp of the bare server with the same requests.

export type MixKind = 'postgres' | 'pglite';

export const SETTINGS = {
  /** Members whose sessions exist (the first 200 are the active ones); each holds one open /api/events stream during the load. */
  streams: Number(process.env.BENCH_MIX_STREAMS ?? 2000),
  fixedRate: { postgres: 500, pglite: 300 } as Record<MixKind, number>,
  fixedSeconds: Number(process.env.BENCH_MIX_FIXED_SECONDS ?? 15),
  stepSeconds: Number(process.env.BENCH_MIX_STEP_SECONDS ?? 4),
  rampStart: { postgres: 200, pglite: 100 } as Record<MixKind, number>,
  rampFactor: 1.5,
  refinements: 2,
  /** A rate is served when every request is answered right, none dropped, and p99 is within this. */
  p99LimitMs: 1000,
  timeoutMs: 5000,
  maxInFlight: 2000,
  connections: 256,
  bareMaxRate: 60_000,
};

export type CpuPerRequest = { appMs: number; postgresMs: number | null; bareMs: number; generatorMs: number };

export type ThroughputResult = {
  db: MixKind;
  seedSeconds: number;
  seedSteps: Record<string, number>;
  fixed: { app: StepSummary; bare: StepSummary; cpu: CpuPerRequest; appRun: LoadRun; bareRun: LoadRun };
  ramp: { rate: number; app: StepSummary; bare: StepSummary; pass: boolean; generatorCpuPct: number; live: LiveDelivery; cpu: CpuPerRequest }[];
  bareRamp: { rate: number; bare: StepSummary; pass: boolean; generatorCpuPct: number; sendLagP99Ms: number }[];
  saturation: { app: number; bare: number; ratio: number; bareCapped: boolean };
  feedCache: { requests: number; hits: number; hitRate: number; statementsPerFeedRequest: number };
  statements: AppStats;
  live: LiveDelivery;
  liveStreamsFailed: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Distinct small JPEGs (noise, so no two are alike), as members' phone snapshots would be. */
async function smallPhotos(n: number): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: n }, () =>
      sharp({ create: { width: 240, height: 180, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 80 }).toBuffer(),
    ),
  );
}

/** PostgreSQL's backends serving this database (the app's pool and the job queue's). */
async function backendPids(bench: BenchDatabase | null): Promise<number[]> {
  if (!bench) return [];
  const result = (await bench.database.db.execute(sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)) as unknown as {
    rows: { pid: number }[];
  };
  return result.rows.map((r) => r.pid);
}

/**
 * Waits until the app (and its PostgreSQL backends) are idle again, under a quarter of a core
 * over 250 ms, so a step does not inherit the backlog of the one before (at most 10 s).
 */
async function settle(s: Sides): Promise<void> {
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    const pids = [s.app.pid, ...(await backendPids(s.bench))];
    const before = cpuMs(pids);
    await sleep(250);
    if (cpuDelta(before, cpuMs(pids)) < 250 / 4) return;
  }
}

type Sides = { app: AppProcess; bare: BareProcess; appPool: Target; barePool: Target; bench: BenchDatabase | null; tmp: string };

/** One step: the plan against the app (answers recorded), then the same plan against the bare server. */
async function step(s: Sides, plan: PlannedRequest[], rate: number, seconds: number, hooks: { onAnswer?: (req: PlannedRequest, status: number, at: number) => void } = {}) {
  await settle(s);
  const recorder = createRecorder();
  const pgPids = await backendPids(s.bench);
  const before = { app: cpuMs([s.app.pid]), pg: cpuMs(pgPids) };
  const appRun = await runOpenLoop(s.appPool, plan, { timeoutMs: SETTINGS.timeoutMs, maxInFlight: SETTINGS.maxInFlight, recorder, onAnswer: hooks.onAnswer });
  const after = { app: cpuMs([s.app.pid]), pg: cpuMs([...new Set([...pgPids, ...(await backendPids(s.bench))])]) };
  const recording = recorder.snapshot();
  const file = path.join(s.tmp, `answers-${rate}.bin`);
  await writeRecording(file, recording);
  await s.bare.load(file);
  const bareBefore = cpuMs([s.bare.pid]);
  const bareRun = await runOpenLoop(s.barePool, plan, { timeoutMs: SETTINGS.timeoutMs, maxInFlight: SETTINGS.maxInFlight, expectStatus: (req) => expected(recording.index, recording.blob, req) });
  const bareCpu = cpuDelta(bareBefore, cpuMs([s.bare.pid]));
  return {
    appRun,
    bareRun,
    app: summarize(appRun.samples, rate, seconds, appRun.answered),
    bare: summarize(bareRun.samples, rate, seconds, bareRun.answered),
    cpu: { app: cpuDelta(before.app, after.app), pg: s.bench ? cpuDelta(before.pg, after.pg) : null, bare: bareCpu },
    file,
  };
}

function expected(index: AnswerIndex, blob: Buffer, req: PlannedRequest): number {
  return answerFor(index, blob, req.seq).status;
}

const perRequest = (ms: number, n: number) => Math.round((ms / Math.max(1, n)) * 1000) / 1000;

function cpuPerRequest(s: { appRun: LoadRun; bareRun: LoadRun; cpu: { app: number; pg: number | null; bare: number } }): CpuPerRequest {
  return {
    appMs: perRequest(s.cpu.app, s.appRun.answered),
    postgresMs: s.cpu.pg === null ? null : perRequest(s.cpu.pg, s.appRun.answered),
    bareMs: perRequest(s.cpu.bare, s.bareRun.answered),
    generatorMs: perRequest(s.appRun.generatorCpuMs, s.appRun.samples.length),
  };
}
const cpuPct = (run: LoadRun) => Math.round((run.generatorCpuMs / Math.max(1, run.wallMs)) * 100);

/** `appEnv`: more settings for the app process (MIX_SAFETY=0.05 seeds blocks and mutes too, bench/mix-seed.ts). */
export async function benchThroughput(kind: MixKind, log: (line: string) => void, appEnv: Record<string, string> = {}): Promise<ThroughputResult> {
  const bench = kind === 'postgres' ? await openBenchDatabase('postgres') : null;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-mix-'));
  const salt = `mix${crypto.randomBytes(6).toString('hex')}`;
  let app: AppProcess | null = null;
  let bare: BareProcess | null = null;
  const pools: Target[] = [];
  let live: Awaited<ReturnType<typeof openStreams>> | null = null;
  try {
    log(`${kind}: seeding ${appEnv.MIX_FILES ?? '100 000'} files, 2 000 members and starting the app…`);
    [app, bare] = await Promise.all([
      startApp({
        ...(bench ? { DATABASE_URL: bench.database.url! } : {}),
        DATA_DIR: path.join(tmp, 'data'),
        MIX_TOKEN_SALT: salt,
        MIX_SESSIONS: String(SETTINGS.streams),
        MIX_COUNT: process.env.BENCH_MIX_COUNT ?? 'on',
        AUTOTAG: 'off',
        LOG_LEVEL: 'warn',
        // Room for the open streams beside the generator's connections.
        MAX_CONNECTIONS: '5000',
        // The generator's connections stand for 200 members' browsers, each at an address of its
        // own. From one address, the idle cap (1/20 of MAX_CONNECTIONS, 250) would close some
        // of them whenever a step leaves them idle, and a request sent on a socket as it closes
        // fails (ECONNRESET), which failed ramp steps the app kept up with.
        MAX_IDLE_CONNECTIONS_PER_ADDRESS: String(SETTINGS.connections),
        ...appEnv,
      }),
      startBare(),
    ]);
    log(`${kind}: seeded in ${app.seedSeconds.toFixed(1)} s (${JSON.stringify(app.seedSteps)})`);
    const world: MixWorld = { ...app.world, origin: app.url, streamHolders: SETTINGS.streams, uploads: await smallPhotos(40) };
    const planner = createPlanner(world, 17);
    const appPool = createTarget(app.url, SETTINGS.connections);
    const barePool = createTarget(bare.url, SETTINGS.connections);
    pools.push(appPool, barePool);
    const sides: Sides = { app, bare, appPool, barePool, bench, tmp };

    live = await openStreams(app.url, Array.from({ length: SETTINGS.streams }, (_, i) => ({ id: i + 1, token: `${salt}${i + 1}` })));
    log(`${kind}: ${live.opened()} live streams open (${live.failed()} refused)`);

    // Warm-up: JIT, query plans, pools, the OS page cache.
    await runOpenLoop(appPool, planner.plan(100, 5), { timeoutMs: SETTINGS.timeoutMs, maxInFlight: SETTINGS.maxInFlight });

    const rate = SETTINGS.fixedRate[kind];
    const onAnswer = (req: PlannedRequest, status: number, at: number) => {
      if (req.notifies === undefined) return;
      if (req.kind === 'like' && status === 200) live!.writeAnswered('like', req.fileId!, req.member, at);
      if (req.kind === 'comment' && status === 201) live!.writeAnswered('comment', req.fileId!, req.member, at);
    };
    await live.collect(0);
    app.resetStats();
    const fixedPlan = planner.plan(rate, SETTINGS.fixedSeconds);
    const fixed = await step(sides, fixedPlan, rate, SETTINGS.fixedSeconds, { onAnswer });
    const statements = await app.stats();
    // The ramp measures the app as it runs, without the counting's context on every request.
    app.stopCounting();
    const liveResult = await live.collect();
    log(`${kind}: ${rate} req/s fixed: app p99 ${fixed.app.p99Ms} ms, bare p99 ${fixed.bare.p99Ms} ms`);

    const ramp: ThroughputResult['ramp'] = [];
    for (let r = nextRate([], opts(kind)); r !== null; r = nextRate(ramp, opts(kind))) {
      const s = await step(sides, planner.plan(r, SETTINGS.stepSeconds), r, SETTINGS.stepSeconds, { onAnswer });
      const pass = passes(s.app, SETTINGS.p99LimitMs);
      ramp.push({ rate: r, app: s.app, bare: s.bare, pass, generatorCpuPct: cpuPct(s.appRun), live: await live.collect(2000), cpu: cpuPerRequest(s) });
      log(`${kind}: ramp ${r} req/s: app ${pass ? 'kept up' : 'fell behind'} (served ${s.app.servedRps}, p99 ${s.app.p99Ms} ms, errors ${s.app.errors}, timeouts ${s.app.timeouts}, dropped ${s.app.dropped})`);
      await fs.rm(s.file, { force: true });
    }
    const appSaturation = saturation(ramp);

    // The bare server past the app's rates, with the fixed-rate run's answered requests and their answers cycled.
    await bare.load(fixed.file);
    const fixedRecording = await readRecording(fixed.file);
    // Only requests the app answered: an overloaded app leaves many with the empty placeholder,
    // which would make the bare server's work lighter than the app's.
    const answeredPlan = fixedPlan.filter((req) => fixedRecording.index[req.seq]?.status !== UNANSWERED.status);
    if (!answeredPlan.length) throw new Error(`${kind}: the app answered none of the fixed-rate run's requests`);
    const bareRamp: ThroughputResult['bareRamp'] = [];
    const bareOpts = { start: Math.max(1000, Math.round(appSaturation * 2)), factor: SETTINGS.rampFactor, refinements: SETTINGS.refinements, max: SETTINGS.bareMaxRate };
    for (let r = nextRate([], bareOpts); r !== null; r = nextRate(bareRamp, bareOpts)) {
      const plan = replayAt(answeredPlan, r, SETTINGS.stepSeconds);
      const run = await runOpenLoop(barePool, plan, {
        timeoutMs: SETTINGS.timeoutMs,
        maxInFlight: SETTINGS.maxInFlight,
        expectStatus: (req) => expected(fixedRecording.index, fixedRecording.blob, req),
      });
      const summary = summarize(run.samples, r, SETTINGS.stepSeconds, run.answered);
      const pass = passes(summary, SETTINGS.p99LimitMs);
      bareRamp.push({ rate: r, bare: summary, pass, generatorCpuPct: cpuPct(run), sendLagP99Ms: Math.round(run.sendLagP99Ms) });
      log(`${kind}: bare ${r} req/s: ${pass ? 'kept up' : 'fell behind'} (p99 ${summary.p99Ms} ms, generator CPU ${cpuPct(run)} %)`);
      await sleep(500);
    }
    const bareSaturation = saturation(bareRamp);
    const bareCapped = bareRamp.every((b) => b.pass);

    const feed = ['feed', 'feed-deep'].map((k) => statements[k] ?? { requests: 0, statements: 0, readingFiles: 0 });
    const feedRequests = feed.reduce((a, b) => a + b.requests, 0);
    const feedHits = feed.reduce((a, b) => a + b.requests - b.readingFiles, 0);
    return {
      db: kind,
      seedSeconds: app.seedSeconds,
      seedSteps: app.seedSteps,
      fixed: {
        app: fixed.app,
        bare: fixed.bare,
        cpu: cpuPerRequest(fixed),
        appRun: { ...fixed.appRun, samples: [] },
        bareRun: { ...fixed.bareRun, samples: [] },
      },
      ramp,
      bareRamp,
      saturation: { app: appSaturation, bare: bareSaturation, ratio: bareSaturation ? Math.round((appSaturation / bareSaturation) * 1000) / 1000 : NaN, bareCapped },
      feedCache: {
        requests: feedRequests,
        hits: feedHits,
        hitRate: feedRequests ? Math.round((feedHits / feedRequests) * 1000) / 1000 : NaN,
        statementsPerFeedRequest: feedRequests ? Math.round((feed.reduce((a, b) => a + b.statements, 0) / feedRequests) * 100) / 100 : NaN,
      },
      statements,
      live: liveResult,
      liveStreamsFailed: live.failed(),
    };
  } catch (err) {
    if (app) log(`app log:\n${app.log().slice(-4000)}`);
    throw err;
  } finally {
    await live?.close().catch(() => undefined);
    await Promise.all(pools.map((p) => p.pool.destroy().catch(() => undefined)));
    await app?.close();
    await bare?.close();
    if (bench) {
      await bench.database.close();
      await bench.drop();
    }
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

function opts(kind: MixKind) {
  return { start: SETTINGS.rampStart[kind], factor: SETTINGS.rampFactor, refinements: SETTINGS.refinements, max: 20_000 };
}
