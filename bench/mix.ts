import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchBurst, type BurstResult } from './mix-burst.ts';
import { benchMemory, type MemoryRow } from './mix-memory.ts';
import { MIX } from './mix-plan.ts';
import { ms } from './mix-stats.ts';
import { benchThroughput, SETTINGS, type MixKind, type ThroughputResult } from './mix-throughput.ts';

// `npm run bench -- mix`: Kaleido under a live community. Parts, chosen with
// BENCH_MIX_PARTS (default all: load,burst,memory):
// - load: 100 000 files, 2 000 members, 200 of them reading and writing at fixed offered rates
//   (open loop), every step replayed against a bare node:http server sending the app's bytes;
//   saturation, latency at a fixed rate, CPU per request, feed-cache hits, live delivery.
//   PostgreSQL and PGlite (BENCH_PGLITE=off leaves PGlite out).
// - burst: 16 concurrent 2 MB photo uploads with AUTOTAG on, until their tags show
//   (PostgreSQL; BENCH_MIX_BURST_DBS=postgres,pglite for both).
// - memory: idle RSS of the built server (`npm start` on PGlite; app processes on PostgreSQL).
// BENCH_MIX_JSON=<file> also writes every number as JSON.

export type MixResult = { load: ThroughputResult[]; burst: BurstResult[]; memory: MemoryRow[]; seconds: number; cpus: number; loadAverage: { start: number[]; end: number[] } };

const load = () => os.loadavg().map((l) => Math.round(l * 10) / 10);

export async function benchMix(): Promise<MixResult> {
  const parts = (process.env.BENCH_MIX_PARTS ?? 'load,burst,memory').split(',').map((p) => p.trim());
  const kinds: MixKind[] = process.env.BENCH_MIX_DBS
    ? (process.env.BENCH_MIX_DBS.split(',').map((k) => k.trim()) as MixKind[])
    : process.env.BENCH_PGLITE === 'off' ? ['postgres'] : ['postgres', 'pglite'];
  const burstKinds = (process.env.BENCH_MIX_BURST_DBS ?? 'postgres').split(',').map((k) => k.trim()) as MixKind[];
  const start = performance.now();
  const log = (line: string) => console.log(`[mix ${Math.round((performance.now() - start) / 1000)} s] ${line}`);
  const result: MixResult = { load: [], burst: [], memory: [], seconds: 0, cpus: os.cpus().length, loadAverage: { start: load(), end: [] } };

  if (parts.includes('load')) for (const kind of kinds) result.load.push(await benchThroughput(kind, log));
  if (parts.includes('burst')) for (const kind of burstKinds) result.burst.push(await benchBurst(kind, log));
  if (parts.includes('memory')) result.memory = await benchMemory(log);
  result.seconds = Math.round((performance.now() - start) / 1000);
  result.loadAverage.end = load();
  printMix(result);
  if (process.env.BENCH_MIX_JSON) {
    await fs.writeFile(process.env.BENCH_MIX_JSON, JSON.stringify(result, (_k, v) => (v === Infinity ? 'timeout' : v), 2));
    console.log(`written to ${path.resolve(process.env.BENCH_MIX_JSON)}`);
  }
  return result;
}

const pct = (x: number) => (Number.isNaN(x) ? '–' : `${Math.round(x * 1000) / 10} %`);

export function printMix(r: MixResult): void {
  console.log(`\nMix benchmark: ${r.cpus} CPUs, load average ${r.loadAverage.start.join(' ')} at start, ${r.loadAverage.end.join(' ')} at end; ${r.seconds} s in all`);
  const mixText = Object.entries(MIX).map(([k, v]) => `${k} ${Math.round(v * 1000) / 10} %`).join(', ');
  if (r.load.length) {
    console.log(`Load: 200 members of 2 000 over 100 000 files (${mixText}); open loop, latency from each request's due time;`);
    console.log(
      `${SETTINGS.connections} keep-alive connections, timeout ${SETTINGS.timeoutMs / 1000} s, fixed-rate run ${SETTINGS.fixedSeconds} s, ramp steps ${SETTINGS.stepSeconds} s ` +
        `(×${SETTINGS.rampFactor}, then ${SETTINGS.refinements} halvings; kept up = no error, timeout or drop and p99 ≤ ${SETTINGS.p99LimitMs} ms); ` +
        `AUTOTAG off, LOG_LEVEL warn, ${SETTINGS.streams} live streams open`,
    );
    console.log('\nSaturation: the highest offered rate each kept up with (same requests, the app\'s own answers for the bare server)');
    console.table(
      r.load.map((l) => ({
        db: l.db,
        'app req/s': l.saturation.app,
        'bare req/s': `${l.saturation.bareCapped ? '≥ ' : ''}${l.saturation.bare}`,
        'app/bare': l.saturation.ratio,
        'seeded in s': Math.round(l.seedSeconds),
      })),
    );
    console.log('Fixed rate (500 req/s on PostgreSQL, 300 on PGlite): the same plan to the app, then to the bare server');
    console.table(
      r.load.flatMap((l) =>
        (['app', 'bare'] as const).map((side) => {
          const s = l.fixed[side];
          return {
            db: l.db,
            side,
            'offered req/s': s.offeredRps,
            'served req/s': s.servedRps,
            'answered req/s (late too)': s.answeredRps,
            'read p50 ms': ms(s.readP50Ms),
            'read p99 ms': ms(s.readP99Ms),
            'write p99 ms': ms(s.writeP99Ms),
            errors: s.errors,
            timeouts: s.timeouts,
            dropped: s.dropped,
          };
        }),
      ),
    );
    console.log('CPU per answered request in the fixed-rate run (ms of user + system time, /proc)');
    console.table(
      r.load.map((l) => ({
        db: l.db,
        app: l.fixed.cpu.appMs,
        PostgreSQL: l.fixed.cpu.postgresMs ?? 'in app (PGlite)',
        bare: l.fixed.cpu.bareMs,
        'generator (per request sent)': l.fixed.cpu.generatorMs,
        'generator send lag p99 ms': Math.round(l.fixed.appRun.sendLagP99Ms),
      })),
    );
    console.log('Feed pages in the fixed-rate run: a page whose request read no `files` row was served from a cache');
    console.table(
      r.load.map((l) => ({ db: l.db, 'feed requests': l.feedCache.requests, 'from cache': l.feedCache.hits, 'hit rate': pct(l.feedCache.hitRate), 'SQL statements per feed request': l.feedCache.statementsPerFeedRequest })),
    );
    console.log('SQL statements per request by kind (fixed-rate run)');
    console.table(
      r.load.flatMap((l) =>
        Object.entries(l.statements)
          .filter(([kind]) => kind !== 'other' && kind !== 'events')
          .map(([kind, s]) => ({ db: l.db, kind, requests: s.requests, 'statements each': Math.round((s.statements / Math.max(1, s.requests)) * 10) / 10 })),
      ),
    );
    console.log(`Live delivery: a like's or comment's answer → the owner's /api/events stream (${SETTINGS.streams} streams open; negative: the event came before the answer)`);
    console.table(
      r.load.flatMap((l) => {
        const best = [...l.ramp].filter((s) => s.pass).sort((a, b) => b.rate - a.rate)[0];
        const rows = [{ db: l.db, run: `fixed ${l.fixed.app.offeredRps} req/s`, live: l.live }];
        if (best) rows.push({ db: l.db, run: `ramp ${best.rate} req/s (highest kept up)`, live: best.live });
        return rows.map((x) => ({ db: x.db, run: x.run, writes: x.live.expected, delivered: x.live.delivered, 'p50 ms': ms(x.live.p50Ms), 'p99 ms': ms(x.live.p99Ms), 'max ms': ms(x.live.maxMs) }));
      }),
    );
    console.log('Ramp (app, then the same requests to the bare server)');
    console.table(
      r.load.flatMap((l) =>
        l.ramp.map((s) => ({
          db: l.db,
          'offered req/s': s.rate,
          'app served': s.app.servedRps,
          'app answered': s.app.answeredRps,
          'app p50 ms': ms(s.app.p50Ms),
          'app p99 ms': ms(s.app.p99Ms),
          'errors/timeouts/dropped': `${s.app.errors}/${s.app.timeouts}/${s.app.dropped}`,
          'bare p99 ms': ms(s.bare.p99Ms),
          'kept up': s.pass ? 'yes' : 'no',
          'CPU ms/req app + PG / bare': `${s.cpu.appMs} + ${s.cpu.postgresMs ?? '–'} / ${s.cpu.bareMs}`,
          'generator CPU': `${s.generatorCpuPct} %`,
        })),
      ),
    );
    console.log('Bare server ramp (the requests the app answered in the fixed-rate run, with its answers, cycled)');
    console.table(
      r.load.flatMap((l) =>
        l.bareRamp.map((s) => ({
          db: l.db,
          'offered req/s': s.rate,
          served: s.bare.servedRps,
          'p99 ms': ms(s.bare.p99Ms),
          'errors/timeouts/dropped': `${s.bare.errors}/${s.bare.timeouts}/${s.bare.dropped}`,
          'kept up': s.pass ? 'yes' : 'no',
          'generator CPU': `${s.generatorCpuPct} %`,
          'send lag p99 ms': s.sendLagP99Ms,
        })),
      ),
    );
  }
  if (r.burst.length) {
    console.log('Recognition burst: 16 photos uploaded at once (AUTOTAG on), from each upload\'s answer until its tags show');
    console.table(
      r.burst.map((b) => ({
        db: b.db,
        photos: `${b.photos} × ${b.photoMb} MB`,
        'upload p50 / max ms': `${b.uploadP50Ms} / ${b.uploadMaxMs}`,
        'tags p50 s': ms(b.tagsP50Ms / 1000),
        'tags p95 s': ms(b.tagsP95Ms / 1000),
        'tags max s': ms(b.tagsMaxMs / 1000),
        'not tagged': `${b.untagged} (waited ${b.waitedSeconds} s)`,
        'warm-up photo s': b.warmupSeconds,
      })),
    );
  }
  if (r.memory.length) {
    console.log(`Idle memory of the built server (RSS), empty data, no requests`);
    console.table(r.memory.map((m) => ({ case: m.case, 'up after s': m.upSeconds, 'RSS when up MB': m.rssUpMb, 'RSS settled MB': m.rssSettledMb, 'RSS peak MB': m.rssPeakMb })));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await benchMix();
  process.exit(0);
}
