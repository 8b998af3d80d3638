import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sseFrames } from './mix-live.ts';
import { createPlanner, multipart, PAGE, replayAt, requestKind, schedule, seededRandom, type MixWorld } from './mix-plan.ts';
import { answerFor, createRecorder, readRecording, UNANSWERED, writeRecording } from './mix-replay.ts';
import { nextRate, passes, percentile, saturation, summarize, type Sample } from './mix-stats.ts';
import { cpuDelta, parseStatTicks } from './proc-cpu.ts';

// The pure parts of the mix benchmark's generator: its clock, its choices, its arithmetic and
// the bookkeeping that lets the bare server answer what the app answered. No timing here.

function world(): MixWorld {
  // Member m sees files 1000…801 (owner: id mod 7 + 1, so some are their own) and liked the first two.
  const feed = Array.from({ length: 200 }, (_, i) => ({ id: 1000 - i, owner: ((1000 - i) % 7) + 1 }));
  return {
    members: [1, 2, 3].map((id) => ({ id, token: `tok${id}`, feed, liked: [1000, 999] })),
    tail: [{ id: 5, owner: 3 }, { id: 6, owner: 4 }],
    streamHolders: 4,
    origin: 'http://app.test',
    uploads: [Buffer.from('jpeg-a'), Buffer.from('jpeg-b')],
  };
}

describe('schedule', () => {
  it('spaces requests evenly at the offered rate for the whole step', () => {
    expect(schedule(4, 1)).toEqual([0, 250, 500, 750]);
    expect(schedule(500, 3)).toHaveLength(1500);
    expect(schedule(500, 3)[1499]).toBeCloseTo(2998);
  });
});

describe('percentile', () => {
  it('is the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('counts requests that never got an answer as the slowest', () => {
    const samples: Sample[] = [
      ...Array.from({ length: 98 }, (): Sample => ({ kind: 'feed', outcome: 'ok', latencyMs: 10 })),
      { kind: 'file', outcome: 'timeout', latencyMs: Infinity },
      { kind: 'like', outcome: 'dropped', latencyMs: Infinity },
    ];
    const s = summarize(samples, 100, 1);
    expect(s).toMatchObject({ scheduled: 100, ok: 98, timeouts: 1, dropped: 1, errors: 0, servedRps: 98, p50Ms: 10, readP50Ms: 10, writeP50Ms: Infinity });
    expect(s.p99Ms).toBe(Infinity);
    expect(passes(s, 1000)).toBe(false);
  });
});

describe('saturation search', () => {
  const opts = { start: 200, factor: 1.5, refinements: 2, max: 10_000 };

  it('grows the rate while steps keep up, then halves the gap to the first that did not', () => {
    const tried: { rate: number; pass: boolean }[] = [];
    const keepsUpTo = 700;
    for (let r = nextRate(tried, opts); r !== null; r = nextRate(tried, opts)) tried.push({ rate: r, pass: r <= keepsUpTo });
    expect(tried.map((t) => t.rate)).toEqual([200, 300, 450, 675, 1013, 844, 760]);
    expect(saturation(tried)).toBe(675);
  });

  it('halves the rate until a step keeps up, then narrows the gap as often', () => {
    const tried: { rate: number; pass: boolean }[] = [];
    for (let r = nextRate(tried, opts); r !== null; r = nextRate(tried, opts)) tried.push({ rate: r, pass: r <= 70 });
    expect(tried.map((t) => t.rate)).toEqual([200, 100, 50, 75, 63]);
    expect(saturation(tried)).toBe(63);
  });

  it('stops at the ceiling when everything keeps up, and is 0 when nothing does', () => {
    const all = [200, 300, 450].map((rate) => ({ rate, pass: true }));
    expect(nextRate(all, { ...opts, max: 600 })).toBeNull();
    expect(saturation(all)).toBe(450);
    expect(saturation([{ rate: 200, pass: false }, { rate: 100, pass: false }])).toBe(0);
  });

  it('ignores a lucky pass above a failure', () => {
    expect(saturation([{ rate: 200, pass: true }, { rate: 300, pass: false }, { rate: 250, pass: true }, { rate: 400, pass: true }])).toBe(250);
  });
});

describe('the planner', () => {
  it('plans the same requests from the same seed, and other ones from another', () => {
    const a = createPlanner(world(), 1).plan(200, 5);
    const b = createPlanner(world(), 1).plan(200, 5);
    const c = createPlanner(world(), 2).plan(200, 5);
    expect(a.map((r) => [r.method, r.path, r.headers.cookie])).toEqual(b.map((r) => [r.method, r.path, r.headers.cookie]));
    expect(a.map((r) => r.path)).not.toEqual(c.map((r) => r.path));
  });

  it('mixes mostly reads, about 1.5 % writes, signed in as the member who asks', () => {
    const plan = createPlanner(world(), 3).plan(1000, 40);
    const writes = plan.filter((r) => r.method !== 'GET');
    expect(writes.length / plan.length).toBeGreaterThan(0.01);
    expect(writes.length / plan.length).toBeLessThan(0.02);
    for (const r of plan) expect(r.headers.cookie).toBe(`kaleido_session=tok${r.member}`);
    for (const r of writes) expect(r.headers.origin).toBe('http://app.test');
    expect(plan.filter((r) => r.kind === 'feed').every((r) => r.path === `/api/files?offset=0&limit=${PAGE}`)).toBe(true);
    for (const r of plan) expect(requestKind(r.method, r.path)).toBe(r.kind);
  });

  it('asks deeper pages the way the client does: offset and the smallest id held', () => {
    const plan = createPlanner(world(), 4).plan(500, 10);
    const deep = plan.filter((r) => r.kind === 'feed-deep');
    expect(deep.length).toBeGreaterThan(0);
    for (const r of deep) {
      const q = new URLSearchParams(r.path.split('?')[1]);
      const offset = Number(q.get('offset'));
      expect(offset % PAGE).toBe(0);
      // Page p starts after the p × 20 newest ids: the smallest of those is id 1000 - (offset - 1).
      expect(Number(q.get('before'))).toBe(1000 - (offset - 1));
    }
  });

  it('likes a file once, never the member\'s own, and times only first likes of stream holders\' files', () => {
    const planner = createPlanner(world(), 5);
    // While fresh files remain (about 170 per member here), no member likes one twice, even across steps.
    const likes = [...planner.plan(500, 20), ...planner.plan(500, 20)].filter((r) => r.kind === 'like');
    const pairs = likes.map((r) => `${r.member}:${r.fileId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const r of likes) {
      const owner = (r.fileId! % 7) + 1;
      expect(owner).not.toBe(r.member);
      expect(r.fileId).not.toBe(1000);
      expect(r.notifies).toBe(owner <= 4 ? owner : undefined);
    }
  });

  it('uploads distinct multipart bodies with their own idempotency keys', () => {
    const uploads = createPlanner(world(), 6).plan(3000, 20).filter((r) => r.kind === 'upload');
    expect(uploads.length).toBeGreaterThan(10);
    expect(new Set(uploads.map((u) => u.headers['idempotency-key'])).size).toBe(uploads.length);
    const text = uploads[0].body!.toString('latin1');
    expect(uploads[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(text).toContain('name="file"; filename="bench-1.jpg"');
    expect(text).toMatch(/jpeg-[ab]/);
  });

  it('replays a plan at another rate, cycling and keeping each request\'s recorded answer', () => {
    const plan = createPlanner(world(), 7).plan(10, 1);
    const again = replayAt(plan, 40, 1);
    expect(again).toHaveLength(40);
    expect(again[13].seq).toBe(plan[3].seq);
    expect(again[13].path).toBe(plan[3].path);
    expect(again[13].at).toBe(325);
  });
});

describe('multipart', () => {
  it('frames the fields and the file as FormData does', () => {
    const body = multipart({ name: 'x' }, { name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.from('BYTES') }, 'B').toString();
    expect(body).toBe(
      '--B\r\ncontent-disposition: form-data; name="name"\r\n\r\nx\r\n' +
        '--B\r\ncontent-disposition: form-data; name="file"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\nBYTES\r\n--B--\r\n',
    );
  });
});

describe('the replay bookkeeping', () => {
  it('keeps each answer by request, stores a repeated body once, and fills the unanswered', async () => {
    const recorder = createRecorder();
    recorder.record(0, { status: 200, contentType: 'application/json', body: Buffer.from('[1,2]') });
    recorder.record(2, { status: 201, contentType: 'application/json', body: Buffer.from('{"id":3}') });
    recorder.record(3, { status: 200, contentType: 'application/json', body: Buffer.from('[1,2]') });
    const snapshot = recorder.snapshot();
    expect(snapshot.blob.toString()).toBe('[1,2]{"id":3}');
    expect(answerFor(snapshot.index, snapshot.blob, 3).body.toString()).toBe('[1,2]');
    expect(answerFor(snapshot.index, snapshot.blob, 2)).toMatchObject({ status: 201 });
    expect(answerFor(snapshot.index, snapshot.blob, 1)).toMatchObject({ status: UNANSWERED.status, body: Buffer.alloc(0) });
    expect(answerFor(snapshot.index, snapshot.blob, 9).status).toBe(404);

    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'mix-replay-')), 'answers.bin');
    await writeRecording(file, snapshot);
    const read = await readRecording(file);
    expect(read.index).toEqual(snapshot.index);
    expect(answerFor(read.index, read.blob, 2).body.toString()).toBe('{"id":3}');
    await fs.rm(path.dirname(file), { recursive: true });
  });
});

describe('live frames', () => {
  it('reads complete server-sent events and keeps the unfinished rest', () => {
    const { frames, rest } = sseFrames('retry: 5000\n: connected\n\nevent: notification\ndata: {"type":"like"}\n\n: ping\n\nevent: unr');
    expect(frames).toEqual([{ event: 'notification', data: '{"type":"like"}' }]);
    expect(rest).toBe('event: unr');
  });
});

describe('/proc readings', () => {
  it('takes utime + stime after the command name, whatever it holds', () => {
    const line = '4242 (node (app) x) S 1 4242 4242 0 -1 4194560 5000 0 0 0 250 75 0 0 20 0 11 0 100 0 0';
    expect(parseStatTicks(line)).toBe(325);
  });

  it('adds up CPU over processes, counting in full one that started between readings', () => {
    expect(cpuDelta(new Map([[1, 100], [2, 50]]), new Map([[1, 160], [2, 50], [3, 30]]))).toBe(90);
  });
});

describe('seededRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = seededRandom(9);
    const b = seededRandom(9);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });
});
