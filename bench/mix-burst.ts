import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openBenchDatabase } from './bench-database.ts';
import { startApp, type AppProcess } from './mix-processes.ts';
import { percentile } from './mix-stats.ts';
import type { MixKind } from './mix-throughput.ts';

// The recognition burst of `npm run bench -- mix`: 16 members upload a 2 MB photo each at the
// same moment with AUTOTAG on, and each upload's page is polled (GET /api/files/:id, as the
// file screen refreshes) until the tags recognition adds show. One photo is uploaded and
// tagged first, so the models are loaded and the burst measures the queue, not the cold start.

const PHOTOS = path.resolve(import.meta.dirname, '../tests/fixtures/photos');
/** Photos recognition tags (cat, cup, person): the others find no object. */
const SUBJECTS = ['chelsea-cat.jpg', 'coffee-cup.jpg', 'astronaut.jpg'];
const BURST = 16;
const POLL_MS = 250;

export type BurstResult = {
  db: MixKind;
  photos: number;
  photoMb: number;
  warmupSeconds: number;
  uploadP50Ms: number;
  uploadMaxMs: number;
  /** From each upload's answer until its page shows the recognised tags. */
  tagsP50Ms: number;
  tagsP95Ms: number;
  tagsMaxMs: number;
  untagged: number;
  waitedSeconds: number;
};

/**
 * Distinct ~2 MB JPEGs of the fixture subjects: each enlarged, lightened or darkened a little
 * and overlaid with its own crop of film grain, so no two files (nor their pixels) are alike.
 */
export async function burstPhotos(n: number): Promise<Buffer[]> {
  const grain = { width: 3200, height: 3200, channels: 3 as const };
  const noise = await sharp({ create: { ...grain, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } } }).raw().toBuffer();
  const bases = await Promise.all(
    SUBJECTS.map(async (name) => sharp(await fs.readFile(path.join(PHOTOS, name))).resize({ width: 2600 }).raw().toBuffer({ resolveWithObject: true })),
  );
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const { data, info } = bases[i % bases.length];
      const raw = { width: info.width, height: info.height, channels: 3 as const };
      const crop = await sharp(noise, { raw: grain }).extract({ left: i * 13, top: i * 7, width: info.width, height: info.height }).raw().toBuffer();
      return sharp(data, { raw })
        .modulate({ brightness: 0.94 + (i % 5) * 0.03 })
        .composite([{ input: crop, raw, blend: 'soft-light' }])
        .jpeg({ quality: 95 })
        .toBuffer();
    }),
  );
}

async function upload(url: string, token: string, bytes: Buffer, name: string): Promise<{ id: number; ms: number; answeredAt: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const start = performance.now();
  const res = await fetch(`${url}/api/files`, { method: 'POST', body: form, headers: { cookie: `kaleido_session=${token}`, origin: url } });
  const body = (await res.json()) as { id: number; message?: string };
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${body.message}`);
  const answeredAt = performance.now();
  return { id: body.id, ms: answeredAt - start, answeredAt };
}

async function tagsShown(url: string, token: string, id: number): Promise<boolean> {
  const res = await fetch(`${url}/api/files/${id}`, { headers: { cookie: `kaleido_session=${token}` } });
  const file = (await res.json()) as { tags?: string[] };
  return (file.tags?.length ?? 0) > 0;
}

/** Polls each file until its tags show or `until`; answers when each showed (performance.now()), or null. */
async function waitForTags(url: string, token: string, ids: number[], until: number): Promise<(number | null)[]> {
  const shown: (number | null)[] = ids.map(() => null);
  while (shown.includes(null) && performance.now() < until) {
    await Promise.all(
      ids.map(async (id, i) => {
        if (shown[i] === null && (await tagsShown(url, token, id))) shown[i] = performance.now();
      }),
    );
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return shown;
}

export async function benchBurst(kind: MixKind, log: (line: string) => void, waitSeconds = Number(process.env.BENCH_MIX_BURST_WAIT_SECONDS ?? 240)): Promise<BurstResult> {
  const bench = kind === 'postgres' ? await openBenchDatabase('postgres') : null;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'kaleido-bench-burst-'));
  const salt = `burst${crypto.randomBytes(6).toString('hex')}`;
  let app: AppProcess | null = null;
  try {
    const [photos, started] = await Promise.all([
      burstPhotos(BURST + 1),
      startApp({
        ...(bench ? { DATABASE_URL: bench.database.url! } : {}),
        DATA_DIR: path.join(tmp, 'data'),
        MIX_SEED: 'members',
        MIX_TOKEN_SALT: salt,
        MIX_SESSIONS: String(BURST + 1),
        MIX_COUNT: 'off',
        AUTOTAG: 'on',
        LOG_LEVEL: 'warn',
      }),
    ]);
    app = started;
    const token = (member: number) => `${salt}${member}`;
    const warm = performance.now();
    const first = await upload(app.url, token(BURST + 1), photos[BURST], 'warm-up.jpg');
    const [warmShown] = await waitForTags(app.url, token(BURST + 1), [first.id], performance.now() + waitSeconds * 1000);
    if (warmShown === null) throw new Error(`the warm-up photo was not tagged within ${waitSeconds} s`);
    const warmupSeconds = (warmShown - warm) / 1000;
    log(`burst on ${kind}: warm-up photo tagged after ${warmupSeconds.toFixed(1)} s; uploading ${BURST} photos at once…`);

    const start = performance.now();
    const uploads = await Promise.all(photos.slice(0, BURST).map((bytes, i) => upload(app!.url, token(i + 1), bytes, `burst-${i + 1}.jpg`)));
    // Each member polls their own file; the poller signs in as the first (every photo is public).
    const shown = await waitForTags(app.url, token(1), uploads.map((u) => u.id), start + waitSeconds * 1000);
    const waits = uploads.flatMap((u, i) => (shown[i] === null ? [] : [shown[i]! - u.answeredAt])).sort((a, b) => a - b);
    const untagged = shown.filter((s) => s === null).length;
    const uploadMs = uploads.map((u) => u.ms).sort((a, b) => a - b);
    return {
      db: kind,
      photos: BURST,
      photoMb: Math.round((photos.slice(0, BURST).reduce((a, b) => a + b.length, 0) / BURST / 1024 / 1024) * 100) / 100,
      warmupSeconds: Math.round(warmupSeconds * 10) / 10,
      uploadP50Ms: Math.round(percentile(uploadMs, 50)),
      uploadMaxMs: Math.round(uploadMs[uploadMs.length - 1]),
      // An untagged photo waited at least the whole time: it counts as the slowest.
      tagsP50Ms: Math.round(percentile([...waits, ...Array(untagged).fill(Infinity)], 50)),
      tagsP95Ms: Math.round(percentile([...waits, ...Array(untagged).fill(Infinity)], 95)),
      tagsMaxMs: untagged ? Infinity : Math.round(waits[waits.length - 1]),
      untagged,
      waitedSeconds: Math.round((performance.now() - start) / 1000),
    };
  } catch (err) {
    if (app) log(`app log:\n${app.log().slice(-4000)}`);
    throw err;
  } finally {
    await app?.close();
    if (bench) {
      await bench.database.close();
      await bench.drop();
    }
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
