import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../tests/helpers/test-app';
import { useTestDatabase } from '../../tests/helpers/test-db';
import { jobSchedules } from '../jobs/job-catalogue';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { silentLog } from '../../tests/helpers/silent-log';

const exists = (p: string) => fs.stat(p).then(() => true, () => false);
const ELEVEN_MINUTES_AGO = new Date(Date.now() - 11 * 60 * 1000);

// Debris younger than 10 minutes at start-up waited for the next start.
describe('the periodic debris sweep', () => {
  const t = useTestApp({}, {}, { jobs: { pollingIntervalSeconds: 0.5 } });

  it('is scheduled every ten minutes and removes what a crash left after the start', async () => {
    expect(jobSchedules['debris-sweep.due']).toBe('*/10 * * * *');
    // As a crash leaves them, old enough to be nobody's upload in flight: an object no row names,
    // a half-written object and an upload's scratch folder.
    const orphan = path.join(t.config.uploadsDir, 'orphan-after-start.webp');
    const halfWritten = path.join(t.config.uploadsDir, '.photo.webp.0123abcd.tmp');
    const scratch = path.join(t.config.tmpDir, 'kaleido-upload-crashed');
    const young = path.join(t.config.uploadsDir, 'being-written-now.webp');
    await fs.mkdir(t.config.uploadsDir, { recursive: true });
    await fs.mkdir(scratch, { recursive: true });
    for (const p of [orphan, halfWritten, young]) await fs.writeFile(p, 'x');
    for (const p of [orphan, halfWritten, scratch]) await fs.utimes(p, ELEVEN_MINUTES_AGO, ELEVEN_MINUTES_AGO);

    await t.app.jobs.send('debris-sweep.due', {});
    for (let i = 0; i < 100 && (await exists(orphan)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await exists(orphan)).toBe(false);
    expect(await exists(halfWritten)).toBe(false);
    expect(await exists(scratch)).toBe(false);
    // Younger than ten minutes: it may belong to an upload in flight.
    expect(await exists(young)).toBe(true);
  });
});

describe('a scheduled pass killed midway', () => {
  const database = useTestDatabase();
  const queues: JobQueue[] = [];
  // Registered after the database's, this runs before it closes.
  afterAll(async () => {
    for (const q of queues) await q.stop().catch(() => {});
  });

  it('resumes on another process within a minute, not when the job expires', async () => {
    // The first process takes the digest pass and dies in the middle of it: its handler never
    // ends, and its queue is closed under it without finishing the job (as a SIGKILL leaves it).
    const first = createJobQueue(database, { log: silentLog, work: true, pollingIntervalSeconds: 0.5 });
    queues.push(first);
    let started!: () => void;
    const took = new Promise<void>((r) => (started = r));
    first.work('notification-digest.due', () => {
      started();
      return new Promise(() => {});
    });
    await first.start();
    await first.send('notification-digest.due', {});
    await took;
    const killedAt = Date.now();
    await first.stop();

    const second = createJobQueue(database, { log: silentLog, work: true, pollingIntervalSeconds: 0.5 });
    queues.push(second);
    let resumedAt = 0;
    second.work('notification-digest.due', async () => {
      resumedAt = Date.now();
    });
    await second.start();
    for (let i = 0; i < 900 && !resumedAt; i++) await new Promise((r) => setTimeout(r, 100));
    expect(resumedAt, 'the pass was never resumed').toBeGreaterThan(0);
    expect(resumedAt - killedAt).toBeLessThan(60_000);
  }, 120_000);
});
