import fs from 'node:fs/promises';
import os from 'node:os';
import { ms } from './mix-stats.ts';
import { benchThroughput, type MixKind, type ThroughputResult } from './mix-throughput.ts';

// `npm run bench -- mix-safety`: the mix's load part (bench/mix-throughput.ts) on the same
// community twice in one run, without blocks and mutes and then with 5 % of the members blocking
// three members and muting three (bench/mix-seed.ts, seedSafety), so the visibility module's
// hidden-member rule (docs/decisions/028-safety-kit.md) has work on every read. The target:
// the saturation ratio (app / bare server) with them within 10 % of the one without, i.e.
// with/without ≥ 0.9. BENCH_MIX_DBS picks the databases (default: PostgreSQL and PGlite, or
// PostgreSQL alone with BENCH_PGLITE=off); BENCH_MIX_SAFETY_SHARE changes the 5 %;
// BENCH_MIX_FILES seeds fewer than 100 000 files; BENCH_MIX_SAFETY_JSON=<file> also writes every
// number as JSON.

type Case = { db: MixKind; safety: boolean; result: ThroughputResult };

const load = () => os.loadavg().map((l) => Math.round(l * 10) / 10).join(' ');
const ratio = (a: number, b: number) => (b ? Math.round((a / b) * 1000) / 1000 : NaN);

export async function benchMixSafety(): Promise<Case[]> {
  const kinds: MixKind[] = process.env.BENCH_MIX_DBS
    ? (process.env.BENCH_MIX_DBS.split(',').map((k) => k.trim()) as MixKind[])
    : process.env.BENCH_PGLITE === 'off' ? ['postgres'] : ['postgres', 'pglite'];
  const share = process.env.BENCH_MIX_SAFETY_SHARE ?? '0.05';
  const start = performance.now();
  const loads: string[] = [load()];
  const log = (line: string) => console.log(`[mix-safety ${Math.round((performance.now() - start) / 1000)} s, load ${load()}] ${line}`);
  const cases: Case[] = [];
  for (const db of kinds) {
    for (const safety of [false, true]) {
      log(`${db}: the mix ${safety ? `with ${Number(share) * 100} % of members blocking and muting` : 'without blocks or mutes'}`);
      const env: Record<string, string> = safety ? { MIX_SAFETY: share } : {};
      if (process.env.BENCH_MIX_FILES) env.MIX_FILES = process.env.BENCH_MIX_FILES;
      cases.push({ db, safety, result: await benchThroughput(db, log, env) });
      loads.push(load());
    }
  }
  console.log(`\nMix with and without blocks and mutes: ${os.cpus().length} CPUs, load average ${loads.join(' → ')}; ${Math.round((performance.now() - start) / 1000)} s in all`);
  console.table(
    cases.map(({ db, safety, result: r }) => ({
      db,
      case: safety ? `${Number(share) * 100} % block and mute` : 'none',
      seeded: safety ? `${r.seedSteps.blocks} blocks, ${r.seedSteps.mutes} mutes by ${r.seedSteps.blockingMembers} members` : '–',
      'app req/s': r.saturation.app,
      'bare req/s': `${r.saturation.bareCapped ? '≥ ' : ''}${r.saturation.bare}`,
      'app/bare': r.saturation.ratio,
      'fixed: app CPU ms/req': r.fixed.cpu.appMs,
      'fixed: PostgreSQL CPU ms/req': r.fixed.cpu.postgresMs ?? '–',
      'fixed: read p50 / p99 ms': `${ms(r.fixed.app.readP50Ms)} / ${ms(r.fixed.app.readP99Ms)}`,
      'fixed: errors': r.fixed.app.errors + r.fixed.app.timeouts + r.fixed.app.dropped,
      'feed from cache': r.feedCache.hitRate,
    })),
  );
  const summary = kinds.map((db) => {
    const [without, withSafety] = [false, true].map((s) => cases.find((c) => c.db === db && c.safety === s)!.result);
    const cpu = (r: ThroughputResult) => r.fixed.cpu.appMs + (r.fixed.cpu.postgresMs ?? 0);
    return {
      db,
      'saturation ratio with / without (target ≥ 0.9)': ratio(withSafety.saturation.ratio, without.saturation.ratio),
      'app saturation with / without': ratio(withSafety.saturation.app, without.saturation.app),
      'CPU per request without / with (fixed run)': ratio(cpu(without), cpu(withSafety)),
    };
  });
  console.table(summary);
  if (process.env.BENCH_MIX_SAFETY_JSON) {
    await fs.writeFile(process.env.BENCH_MIX_SAFETY_JSON, JSON.stringify({ loads, summary, cases }, (_k, v) => (v === Infinity ? 'timeout' : v), 2));
  }
  return cases;
}
