import type { RequestKind } from './mix-stats.ts';

// What the 200 active members ask, decided before a step starts: a fixed clock (request i at
// i / rate seconds) and a seeded random choice of who asks what, so the same plan can be sent
// to the app and then, byte for byte, to the bare server. The planner keeps the members' state
// between steps (what each has liked, which likes would notify), as their browsers would.

/** One active member as their browser knows the app: the session cookie and the feed it has seen. */
export type MemberView = {
  id: number;
  token: string;
  /** The member's feed, newest first (the first pages, as `GET /api/files` answers them), with each file's owner. */
  feed: { id: number; owner: number }[];
  /** Files of that feed the member has liked. */
  liked: number[];
};

export type MixWorld = {
  members: MemberView[];
  /** Public files anywhere in the collection: the long tail of what members open. */
  tail: { id: number; owner: number }[];
  /** Members 1…streamHolders hold an open `/api/events` stream; a like of their file is timed to it. */
  streamHolders: number;
  origin: string;
  /** Distinct small JPEGs members upload (sharp-made at start-up). */
  uploads: Buffer[];
};

export type PlannedRequest = {
  /** Position in the plan; sent as `x-bench-seq` so the bare server answers what the app answered. */
  seq: number;
  /** Milliseconds after the step's start at which it is due. */
  at: number;
  kind: RequestKind;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  member: number;
  fileId?: number;
  /** For a like or comment that must reach the file owner's live stream: whose stream. */
  notifies?: number;
};

export const PAGE = 20;

/**
 * Shares of the mix. Reads: feed pages (mostly the first), file details (which count a view)
 * and comment lists; writes 1.5 %: likes, unlikes, comments, small uploads.
 */
export const MIX: Record<RequestKind, number> = {
  feed: 0.33,
  'feed-deep': 0.1,
  file: 0.36,
  comments: 0.195,
  like: 0.007,
  unlike: 0.002,
  comment: 0.004,
  upload: 0.002,
};

/** Deeper feed pages (2…10) grow rarer as members scroll. */
const DEEP_PAGE_WEIGHTS = [0.4, 0.22, 0.13, 0.09, 0.06, 0.04, 0.03, 0.02, 0.01];
/** Files opened: mostly from the feed pages members look at (page 1 most), the rest from the long tail. */
const FROM_FEED = 0.85;

/** mulberry32: a small, fast, seeded generator; the same seed gives the same plan. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickWeighted<T extends string>(weights: Record<T, number>, r: number): T {
  const entries = Object.entries(weights) as [T, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let x = r * total;
  for (const [key, w] of entries) {
    x -= w;
    if (x < 0) return key;
  }
  return entries[entries.length - 1][0];
}

function pickIndex(weights: readonly number[], r: number): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Which part of the mix a request is, by method and path. */
export function requestKind(method: string, url: string): RequestKind | 'events' | 'other' {
  const p = url.split('?', 1)[0];
  if (p === '/api/files') return method === 'GET' ? (url.includes('before=') ? 'feed-deep' : 'feed') : 'upload';
  if (/^\/api\/files\/\d+$/.test(p)) return 'file';
  if (/^\/api\/files\/\d+\/comments$/.test(p)) return method === 'GET' ? 'comments' : 'comment';
  if (/^\/api\/files\/\d+\/like$/.test(p)) return method === 'POST' ? 'like' : 'unlike';
  if (p === '/api/events') return 'events';
  return 'other';
}

/** Due times of a fixed-rate step: request i at i × 1000 / rate ms, for `seconds`. */
export function schedule(rate: number, seconds: number): number[] {
  const n = Math.round(rate * seconds);
  return Array.from({ length: n }, (_, i) => (i * 1000) / rate);
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }, boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

export function createPlanner(world: MixWorld, seed: number) {
  const random = seededRandom(seed);
  // What each member has liked (their feed's likes, then this run's); a like given once never
  // notifies again (its dedupe key), so only first likes are timed to the owner's stream.
  const liked = world.members.map((m) => new Set(m.liked));
  const everLiked = world.members.map((m) => new Set(m.liked));
  let uploads = 0;
  let comments = 0;

  const cookie = (m: MemberView) => `kaleido_session=${m.token}`;
  const pageOf = () => (random() < 0.7 ? 0 : 1 + pickIndex(DEEP_PAGE_WEIGHTS, random()));

  /** A file the member opens: one on a feed page they look at, or one from the long tail. */
  function openedFile(m: MemberView): { id: number; owner: number } {
    if (random() < FROM_FEED && m.feed.length) {
      const page = Math.min(pageOf(), Math.floor((m.feed.length - 1) / PAGE));
      const onPage = m.feed.slice(page * PAGE, page * PAGE + PAGE);
      return onPage[Math.floor(random() * onPage.length)];
    }
    return world.tail[Math.floor(random() * world.tail.length)];
  }

  function request(index: number, kind: RequestKind, at: number): PlannedRequest {
    const i = Math.floor(random() * world.members.length);
    const m = world.members[i];
    const base = { seq: index, at, kind, member: m.id };
    const get = (path: string): PlannedRequest => ({ ...base, method: 'GET', path, headers: { cookie: cookie(m) } });
    const write = (method: 'POST' | 'DELETE', path: string, body?: Buffer, type?: string): PlannedRequest => ({
      ...base,
      method,
      path,
      body,
      headers: { cookie: cookie(m), origin: world.origin, ...(type ? { 'content-type': type } : {}) },
    });
    switch (kind) {
      case 'feed':
        return get(`/api/files?offset=0&limit=${PAGE}`);
      case 'feed-deep': {
        // What the client sends for page p: offset p × 20 and the smallest id it holds.
        const pages = Math.floor(m.feed.length / PAGE);
        const page = Math.min(1 + pickIndex(DEEP_PAGE_WEIGHTS, random()), Math.max(1, pages - 1));
        const before = m.feed[page * PAGE - 1]?.id;
        return get(`/api/files?offset=${page * PAGE}&limit=${PAGE}${before ? `&before=${before}` : ''}`);
      }
      case 'file': {
        const f = openedFile(m);
        return { ...get(`/api/files/${f.id}`), fileId: f.id };
      }
      case 'comments': {
        const f = openedFile(m);
        return { ...get(`/api/files/${f.id}/comments`), fileId: f.id };
      }
      case 'like': {
        // A file on the member's feed they have not liked and do not own, preferring one never liked before.
        const candidates = m.feed.filter((f) => f.owner !== m.id && !liked[i].has(f.id));
        const fresh = candidates.filter((f) => !everLiked[i].has(f.id));
        const pool = fresh.length ? fresh : candidates;
        if (!pool.length) return request(index, 'file', at);
        const f = pool[Math.floor(random() * Math.min(pool.length, 3 * PAGE))];
        const notifies = !everLiked[i].has(f.id) && f.owner <= world.streamHolders ? f.owner : undefined;
        liked[i].add(f.id);
        everLiked[i].add(f.id);
        return { ...write('POST', `/api/files/${f.id}/like`), fileId: f.id, notifies };
      }
      case 'unlike': {
        const mine = [...liked[i]];
        if (!mine.length) return request(index, 'file', at);
        const id = mine[Math.floor(random() * mine.length)];
        liked[i].delete(id);
        return { ...write('DELETE', `/api/files/${id}/like`), fileId: id };
      }
      case 'comment': {
        const f = openedFile(m);
        comments += 1;
        const body = Buffer.from(JSON.stringify({ content: `Lovely light in this one (${seed}-${comments})` }));
        const notifies = f.owner !== m.id && f.owner <= world.streamHolders ? f.owner : undefined;
        return { ...write('POST', `/api/files/${f.id}/comments`, body, 'application/json'), fileId: f.id, notifies };
      }
      case 'upload': {
        uploads += 1;
        const boundary = `----kaleidobench${seed}x${uploads}`;
        const fields = { name: `Bench upload ${seed}-${uploads}`, description: '', tags: 'bench', isPublic: random() < 0.9 ? 'true' : 'false' };
        const bytes = world.uploads[uploads % world.uploads.length];
        const body = multipart(fields, { name: `bench-${uploads}.jpg`, type: 'image/jpeg', bytes }, boundary);
        const req = write('POST', '/api/files', body, `multipart/form-data; boundary=${boundary}`);
        req.headers['idempotency-key'] = `bench-${seed}-${uploads}`;
        return req;
      }
    }
  }

  return {
    /** The next fixed-rate step's requests; the members' state moves on as if they were sent. */
    plan(rate: number, seconds: number): PlannedRequest[] {
      return schedule(rate, seconds).map((at, index) => request(index, pickWeighted(MIX, random()), at));
    },
  };
}
export type Planner = ReturnType<typeof createPlanner>;

/**
 * The same requests again at another rate, cycling through `source` as often as needed: how
 * the bare server is driven past the rates the app could serve, with the app's own answers.
 * `seq` keeps pointing at the recorded answer.
 */
export function replayAt(source: readonly PlannedRequest[], rate: number, seconds: number): PlannedRequest[] {
  return schedule(rate, seconds).map((at, i) => ({ ...source[i % source.length], at }));
}
