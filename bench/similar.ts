import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.ts';
import { migrateDatabase } from '../server/composition.ts';
import { fileFingerprints } from '../server/db/schema/index.ts';
import { EMBEDDING_DIMS } from '../server/media/recognition/embedding.ts';
import { createSimilarIndex } from '../server/modules/similar/similar-index.ts';
import { startTestApp } from '../tests/helpers/test-app.ts';
import { signUp } from '../tests/helpers/test-client.ts';
import { openBenchDatabase } from './bench-database.ts';

// "More like this" at 100 000 images (decision 024): the neighbour index alone (the exact SIMD scan
// against the same scan in plain JavaScript), then the endpoint against a key lookup (the file's
// detail, a cached read) over HTTP in the same run, on PostgreSQL and PGlite, one request at a time.

const FILES = Number(process.env.BENCH_SIMILAR_FILES ?? 100_000);
const CLUSTERS = 2_000;
const QUERIES = 200;
const WARMUP = 20;
const K = 20;

/** A seeded generator (mulberry32) and standard normal numbers from it. */
function gaussian(seed: number): () => number {
  let state = seed;
  const uniform = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

/**
 * Synthetic embeddings shaped like the real ones: every image shares a common direction (distinct
 * photos are about 0.4 cosine apart, as MobileNet features are), images of one of 2 000 "scenes"
 * about 0.75, quantised as embeddingOf does (×508, clamped).
 */
function syntheticEmbeddings(count: number): Int8Array[] {
  const random = gaussian(24);
  const vector = () => Float64Array.from({ length: EMBEDDING_DIMS }, random);
  const common = vector();
  const centres = Array.from({ length: CLUSTERS }, vector);
  return Array.from({ length: count }, (_, i) => {
    const centre = centres[i % CLUSTERS];
    const v = Float64Array.from({ length: EMBEDDING_DIMS }, (_, j) => 0.6 * common[j] + 0.6 * centre[j] + 0.5 * random());
    const norm = Math.hypot(...v);
    return Int8Array.from(v, (x) => Math.max(-127, Math.min(127, Math.round((x / norm) * 508))));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(once: (i: number) => unknown): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await once(i);
  const times: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const start = performance.now();
    await once(i + WARMUP);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** The index in memory: build, memory, the SIMD scan against the scalar loop. */
async function benchIndex(embeddings: Int8Array[]) {
  const before = process.memoryUsage();
  const start = performance.now();
  const index = createSimilarIndex({ allEmbeddings: async () => embeddings.map((embedding, i) => ({ fileId: i + 1, embedding })), embedding: async () => null });
  await index.start();
  const buildMs = performance.now() - start;
  const after = process.memoryUsage();
  const query = (i: number) => embeddings[(i * 7919) % embeddings.length];
  const simd = await timed((i) => index.nearest(query(i), K + 1));
  // The same scan as a plain JavaScript loop over one packed Int8Array (the kernel's fallback).
  const packed = new Int8Array(embeddings.length * EMBEDDING_DIMS);
  embeddings.forEach((e, i) => packed.set(e, i * EMBEDDING_DIMS));
  const scores = new Int32Array(embeddings.length);
  const scalar = await timed((i) => {
    const q = query(i);
    for (let slot = 0; slot < embeddings.length; slot++) {
      const base = slot * EMBEDDING_DIMS;
      let dot = 0;
      for (let j = 0; j < EMBEDDING_DIMS; j++) dot += q[j] * packed[base + j];
      scores[slot] = dot;
    }
  });
  return {
    buildMs,
    heldBytes: index.bytes(),
    heapBytes: after.heapUsed - before.heapUsed,
    allocatedBytes: index.allocatedBytes(),
    simd,
    scalar,
  };
}

/** Files and their fingerprints written straight into the database (no media work). */
async function seed(database: Database, embeddings: Int8Array[]): Promise<void> {
  const db = database.db;
  await db.execute(sql`insert into users (email, username, password_hash, first_name, last_name) select 'b' || g || '@example.com', 'bench_' || g, 'x', 'Bench', 'Member' from generate_series(1, 1000) g`);
  await db.execute(sql`
    insert into files (user_id, name, tags, original_name, file_type, kind, size, key_base, storage_key, is_public, recognized_at)
    select 1 + g % 1000, 'Photo ' || g, array['scene' || (g % ${CLUSTERS})], 'p' || g || '.jpg', 'image/jpeg', 'image', 1000, 'b/' || g, 'b/' || g || '/o', g % 10 <> 0, now()
    from generate_series(1, ${embeddings.length}) g`);
  for (let offset = 0; offset < embeddings.length; offset += 2_000) {
    const rows = embeddings.slice(offset, offset + 2_000).map((e, i) => ({ fileId: offset + i + 1, phash: '0000000000000000', embedding: new Uint8Array(e.buffer, e.byteOffset, e.byteLength) }));
    await db.insert(fileFingerprints).values(rows);
  }
  await db.execute(sql`analyze`);
}

async function benchEndpoint(kind: 'postgres' | 'pglite', embeddings: Int8Array[]) {
  const opened = await openBenchDatabase(kind);
  try {
    await migrateDatabase(opened.database);
    const seedStart = performance.now();
    await seed(opened.database, embeddings);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const t = await startTestApp({}, {}, { database: opened.database });
    try {
      await t.app.similarIndex.ready();
      // As at a start: every embedding read from the database into a fresh arena.
      const rebuildStart = performance.now();
      await t.app.similarIndex.start();
      const rebuildMs = performance.now() - rebuildStart;
      const member = t.client();
      await signUp(member);
      // Public files only as the starting point (a tenth are private and answer 404 to this member).
      const id = (i: number) => {
        const n = 1 + ((i * 7919) % embeddings.length);
        return n % 10 === 0 ? n + 1 : n;
      };
      const detail = await timed(async (i) => {
        const res = await member.get(`/api/files/${id(i)}`);
        if (res.status !== 200) throw new Error(`detail ${res.status}`);
      });
      let returned = 0;
      const similar = await timed(async (i) => {
        const res = await member.get(`/api/files/${id(i)}/similar?limit=${K}`);
        if (res.status !== 200) throw new Error(`similar ${res.status}`);
        returned += res.body.length;
      });
      return { kind, seedSeconds, rebuildMs, detail, similar, perPage: returned / (QUERIES + WARMUP) };
    } finally {
      await t.close();
    }
  } finally {
    await opened.drop();
  }
}

export async function benchSimilar(): Promise<void> {
  const embeddings = syntheticEmbeddings(FILES);
  const index = await benchIndex(embeddings);
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\nMore like this: ${FILES.toLocaleString('en')} embeddings of ${EMBEDDING_DIMS} int8, ${QUERIES} queries one at a time, k = ${K}; ${os.cpus().length} CPUs, load ${load}`);
  const simd50 = percentile(index.simd, 50);
  const simd95 = percentile(index.simd, 95);
  console.table([
    { case: 'index: exact scan, WebAssembly SIMD, + top 21 by cosine', p50Ms: round(simd50), p95Ms: round(simd95), p50Ratio: 1, p95Ratio: 1 },
    { case: 'the same dot products in a JavaScript loop (fallback)', p50Ms: round(percentile(index.scalar, 50)), p95Ms: round(percentile(index.scalar, 95)), p50Ratio: round(percentile(index.scalar, 50) / simd50), p95Ratio: round(percentile(index.scalar, 95) / simd95) },
  ]);
  console.log(
    `index built in ${round(index.buildMs, 0)} ms; exact, so recall@20 = 1; holds ${mb(index.heldBytes)} MB (${round(index.heldBytes / FILES, 0)} B a file: vector, score, id, norm), ${mb(index.allocatedBytes)} MB allocated (capacity doubles); ` +
      `+${mb(index.heapBytes)} MB JavaScript heap besides (the id → slot map)`,
  );
  const kinds: ('postgres' | 'pglite')[] = process.env.BENCH_SIMILAR_ENDPOINT === 'off' ? [] : process.env.BENCH_PGLITE === 'off' ? ['postgres'] : ['postgres', 'pglite'];
  const rows = [];
  for (const kind of kinds) {
    const r = await benchEndpoint(kind, embeddings);
    console.log(`${kind}: seeded in ${r.seedSeconds.toFixed(1)} s; the app's index rebuilt from the database in ${round(r.rebuildMs, 0)} ms; ${round(r.perPage, 1)} cards a similar page`);
    const d50 = percentile(r.detail, 50);
    const d95 = percentile(r.detail, 95);
    rows.push({ db: kind, case: 'GET /api/files/{id} (key lookup)', p50Ms: round(d50), p95Ms: round(d95), p50Ratio: 1, p95Ratio: 1 });
    const s50 = percentile(r.similar, 50);
    const s95 = percentile(r.similar, 95);
    rows.push({ db: kind, case: 'GET /api/files/{id}/similar?limit=20', p50Ms: round(s50), p95Ms: round(s95), p50Ratio: round(s50 / d50), p95Ratio: round(s95 / d95) });
  }
  console.table(rows);
}
