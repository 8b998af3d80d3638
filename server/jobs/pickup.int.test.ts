import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { createJobQueue, type JobQueue } from './queue';
import { silentLog } from '../../tests/helpers/silent-log';

/** As long as the sleep while LISTEN/NOTIFY works (pg-boss allows no longer): a job left for the next poll fails the case. */
const POLL_SECONDS = 10;
const WITHIN_MS = 8_000;

async function until(done: () => boolean, ms = WITHIN_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

// A worker sleeps between fetches (queue.ts: 10 s while LISTEN/NOTIFY works, else the polling
// interval, here 10 s too); these are the two ways it must not wait out that sleep.
describe('a queue worker', () => {
  const database = useTestDatabase();
  const queues: JobQueue[] = [];
  // Registered after the database's, this runs before it closes.
  afterAll(async () => {
    for (const q of queues) await q.stop().catch(() => {});
  });
  const queue = (work: boolean) => {
    const q = createJobQueue(database, { log: silentLog, work, pollingIntervalSeconds: POLL_SECONDS, concurrency: { 'like.added': 5, 'like.removed': 5, 'follow.added': 8 } });
    queues.push(q);
    return q;
  };

  it('works a backlog larger than its batch in full batches, one after the other', async () => {
    // Sent before any worker runs, so their NOTIFYs wake nobody: only the wake after a full batch
    // fetches the rest.
    const sender = queue(false);
    await sender.start();
    await sender.sendMany('like.added', Array.from({ length: 12 }, (_, i) => ({ fileId: i + 1, userId: 1 })));

    const batches: number[][] = [];
    const worker = queue(true);
    worker.workBatch('like.added', async (batch) => {
      batches.push(batch.map((j) => j.fileId));
    });
    await worker.start();
    await until(() => batches.flat().length === 12);
    expect(batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(batches.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('fetches a job sent while it worked as soon as that batch is done', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const q = queue(true);
    q.workBatch('like.removed', async (batch) => {
      batches.push(batch.map((j) => j.fileId));
      if (batches.length === 1) await held;
    });
    await q.start();
    await q.send('like.removed', { fileId: 1, userId: 1 });
    await until(() => batches.length === 1);
    // The first batch was short, so nothing wakes the worker after it but this job's NOTIFY.
    await q.send('like.removed', { fileId: 2, userId: 1 });
    release();
    await until(() => batches.length === 2);
    expect(batches).toEqual([[1], [2]]);
  });

  it('hands a batch its jobs in the order they were sent', async () => {
    // Each sent on its own, as likes given one after the other; one fetch takes all eight.
    const sender = queue(false);
    await sender.start();
    for (let i = 1; i <= 8; i++) await sender.send('follow.added', { followerId: i, followingId: 100 });
    const batches: number[][] = [];
    const worker = queue(true);
    worker.workBatch('follow.added', async (batch) => {
      batches.push(batch.map((j) => j.followerId));
    });
    await worker.start();
    await until(() => batches.flat().length === 8);
    expect(batches).toEqual([[1, 2, 3, 4, 5, 6, 7, 8]]);
  });
});
