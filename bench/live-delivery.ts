import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app.ts';
import { migrateDatabase } from '../server/composition.ts';
import * as samples from '../tests/helpers/media-samples.ts';
import { readLiveFrames } from '../tests/helpers/live-stream.ts';
import { signUp, TestClient } from '../tests/helpers/test-client.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';

// Likes as events (decision 017): the time from a like's answer to its `notification` event on
// the owner's open /api/events stream: idle; while feed pages are read at half the rate the app
// answers at most (open loop, the mix offering fixed rates); and while 20 connections
// read them as fast as it answers (saturation: every query waits its turn). Target: p99 ≤ 1 s
// under load. `sentP…`: from the like sent, what the owner waits in all (the like's own answer included).

const FILES = 10;
const LIKERS = 20;
const EVERY_MS = 50;

type AutocannonResult = { requests: { average: number }; non2xx: number; errors: number };
type Autocannon = (opts: { url: string; connections: number; duration: number; overallRate?: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** `p…Ms`: answer → stream; `sentP…Ms`: like sent → stream (what the liker's click costs the owner, request included). */
export type LiveDeliveryRow = { db: string; load: string; likes: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number; sentP50Ms: number; sentP99Ms: number; backgroundRps: number };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** The owner's stream: arrival time of each `notification` event, by `fileId:fromUserId`. */
async function follow(base: string, cookie: string, arrivals: Map<string, number>): Promise<() => void> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status}`);
  void readLiveFrames(res.body, (frame) => {
    if (frame.event !== 'notification') return;
    const data = frame.data as { fileId: number; fromUserId: number };
    arrivals.set(`${data.fileId}:${data.fromUserId}`, performance.now());
  });
  return () => controller.abort();
}

async function runOn(kind: 'postgres' | 'pglite'): Promise<LiveDeliveryRow[]> {
  const opened = await openBenchDatabase(kind);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-live-'));
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await migrateDatabase(opened.database);
    const config = benchConfig(dataDir);
    app = await buildApp({ config, database: opened.database });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    config.publicUrl = base;
    const owner = new TestClient(base);
    await signUp(owner);
    const likers = await Promise.all(Array.from({ length: LIKERS }, async () => {
      const c = new TestClient(base);
      return { client: c, id: (await signUp(c)).id };
    }));
    const fileIds: number[] = [];
    for (let i = 0; i < FILES * 2; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await samples.gif())], { type: 'image/gif' }), `f${i}.gif`);
      fileIds.push((await owner.post('/api/files', form)).body.id as number);
    }
    const arrivals = new Map<string, number>();
    const stop = await follow(base, owner.cookieHeader, arrivals);

    /** Every liker likes `files`, one like every EVERY_MS, not waiting for answers. */
    async function likes(files: number[]): Promise<{ afterAnswer: number[]; afterSent: number[] }> {
      const answered = new Map<string, number>();
      const sent = new Map<string, number>();
      const pending: Promise<void>[] = [];
      for (const fileId of files) {
        for (const liker of likers) {
          sent.set(`${fileId}:${liker.id}`, performance.now());
          pending.push(
            liker.client.post(`/api/files/${fileId}/like`).then((res) => {
              if (res.status !== 200) throw new Error(`like: ${res.status}`);
              answered.set(`${fileId}:${liker.id}`, performance.now());
            }),
          );
          await new Promise((r) => setTimeout(r, EVERY_MS));
        }
      }
      await Promise.all(pending);
      const until = performance.now() + 60_000;
      while ([...answered.keys()].some((k) => !arrivals.has(k)) && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
      // An event can beat the answer to the client: that is no delay at all.
      const arrival = (k: string) => arrivals.get(k) ?? Infinity;
      return {
        afterAnswer: [...answered].map(([k, at]) => Math.max(0, arrival(k) - at)),
        afterSent: [...sent].map(([k, at]) => arrival(k) - at),
      };
    }

    const row = (load: string, { afterAnswer, afterSent }: { afterAnswer: number[]; afterSent: number[] }, backgroundRps: number): LiveDeliveryRow => ({
      db: kind,
      load,
      likes: afterAnswer.length,
      p50Ms: Math.round(percentile(afterAnswer, 0.5)),
      p95Ms: Math.round(percentile(afterAnswer, 0.95)),
      p99Ms: Math.round(percentile(afterAnswer, 0.99)),
      maxMs: Math.round(Math.max(...afterAnswer)),
      sentP50Ms: Math.round(percentile(afterSent, 0.5)),
      sentP99Ms: Math.round(percentile(afterSent, 0.99)),
      backgroundRps,
    });
    const rows = [row('idle', await likes(fileIds.slice(0, FILES)), 0)];
    // Under load: feed pages read for as long as the likes take (their likes empty the feed cache).
    const seconds = Math.ceil((FILES * LIKERS * EVERY_MS) / 1000) + 2;
    const feed = { url: `${base}/api/files?offset=0&limit=20`, headers: { cookie: owner.cookieHeader } };
    const capacity = (await autocannon({ ...feed, connections: 20, duration: 3 })).requests.average;
    for (const [load, files, opts] of [
      ['feed at half capacity', fileIds.slice(FILES, FILES + FILES / 2), { connections: 20, overallRate: Math.max(1, Math.round(capacity / 2)) }],
      ['feed saturated (20 conns)', fileIds.slice(FILES + FILES / 2), { connections: 20 }],
    ] as const) {
      const background = autocannon({ ...feed, ...opts, duration: Math.ceil(seconds / 2) + 2 });
      const delays = await likes([...files]);
      rows.push(row(load, delays, Math.round((await background).requests.average)));
    }
    stop();
    return rows;
  } finally {
    await app?.close();
    await opened.database.close();
    await opened.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchLiveDelivery({ kinds = ['postgres', 'pglite'] as ('postgres' | 'pglite')[] } = {}): Promise<LiveDeliveryRow[]> {
  const rows: LiveDeliveryRow[] = [];
  for (const kind of kinds) rows.push(...(await runOn(kind)));
  console.log(`live-delivery: like answered → notification on the owner's stream (ms), ${FILES * LIKERS} likes a case, one every ${EVERY_MS} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.table(rows);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const kinds = process.argv.slice(2).filter((a): a is 'postgres' | 'pglite' => a === 'postgres' || a === 'pglite');
  await benchLiveDelivery(kinds.length ? { kinds } : {});
  process.exit(0);
}
