import { Pool } from 'undici';
import { percentile } from './mix-stats.ts';

// Members' open `/api/events` streams during the mix, and how long a like or a comment takes to
// reach the file owner's stream: from the end of the write's answer to the arrival of the
// `notification` event of that type naming that file and that member. Negative when the event
// arrived before the answer (the notification was published inside the request).

/** Splits a server-sent-events text into complete frames and the unfinished rest. */
export function sseFrames(buffered: string): { frames: { event: string; data: string }[]; rest: string } {
  const parts = buffered.split('\n\n');
  const rest = parts.pop() ?? '';
  const frames = parts.flatMap((part) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    return data.length ? [{ event, data: data.join('\n') }] : [];
  });
  return { frames, rest };
}

export type LiveDelivery = {
  streams: number;
  /** Writes that should have notified (a first like, or a comment, of a file whose owner holds a stream), answered ok. */
  expected: number;
  delivered: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

export async function openStreams(origin: string, members: { id: number; token: string }[]) {
  const pool = new Pool(origin, { connections: members.length + 10, pipelining: 1, headersTimeout: 0, bodyTimeout: 0 });
  const key = (type: string, fileId: number, fromUserId: number) => `${type}:${fileId}:${fromUserId}`;
  // Whichever of the answer and the event comes first waits here for the other (a member may
  // comment twice on one file: first answer goes with first event).
  const answered = new Map<string, number[]>();
  const arrived = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, k: string, at: number) => {
    const list = map.get(k);
    if (list) list.push(at);
    else map.set(k, [at]);
  };
  let deliveries: number[] = [];
  let expected = 0;
  let opened = 0;
  let failed = 0;

  function match(k: string): void {
    const a = answered.get(k);
    const b = arrived.get(k);
    if (!a?.length || !b?.length) return;
    deliveries.push(b.shift()! - a.shift()!);
    if (!a.length) answered.delete(k);
    if (!b.length) arrived.delete(k);
  }

  async function open(member: { id: number; token: string }): Promise<void> {
    const res = await pool.request({ method: 'GET', path: '/api/events', headers: { cookie: `kaleido_session=${member.token}`, accept: 'text/event-stream' } });
    if (res.statusCode !== 200) {
      failed += 1;
      await res.body.dump();
      return;
    }
    opened += 1;
    let buffered = '';
    res.body.setEncoding('utf8');
    res.body.on('data', (chunk: string) => {
      buffered += chunk;
      // Only notification frames are read; pings and unread counts are skipped cheaply.
      if (!buffered.includes('\n\n')) return;
      const { frames, rest } = sseFrames(buffered);
      buffered = rest;
      const now = performance.now();
      for (const frame of frames) {
        if (frame.event !== 'notification') continue;
        const n = JSON.parse(frame.data) as { type: string; fileId: number | null; fromUserId: number | null };
        if ((n.type !== 'like' && n.type !== 'comment') || n.fileId === null || n.fromUserId === null) continue;
        const k = key(n.type, n.fileId, n.fromUserId);
        push(arrived, k, now);
        match(k);
      }
    });
    res.body.on('error', () => undefined);
  }

  // A few at a time: each stream's first answer reads the member's unread count.
  const queue = [...members];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let m = queue.shift(); m; m = queue.shift()) await open(m).catch(() => (failed += 1));
    }),
  );

  return {
    opened: () => opened,
    failed: () => failed,
    /** A like or comment answered ok at `at` (performance.now()), which should reach the file owner's stream. */
    writeAnswered(type: 'like' | 'comment', fileId: number, fromUserId: number, at: number): void {
      expected += 1;
      const k = key(type, fileId, fromUserId);
      push(answered, k, at);
      match(k);
    },
    /** Deliveries since the last call; a like still unmatched after `graceMs` counts as not delivered. */
    async collect(graceMs = 5000): Promise<LiveDelivery> {
      const until = performance.now() + graceMs;
      while (answered.size && performance.now() < until) await new Promise((r) => setTimeout(r, 100));
      const sorted = [...deliveries].sort((a, b) => a - b);
      const result = {
        streams: opened,
        expected,
        delivered: sorted.length,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted[sorted.length - 1] ?? NaN,
      };
      deliveries = [];
      expected = 0;
      answered.clear();
      arrived.clear();
      return result;
    },
    async close(): Promise<void> {
      await pool.destroy();
    },
  };
}
export type LiveStreams = Awaited<ReturnType<typeof openStreams>>;
