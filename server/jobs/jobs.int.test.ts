import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { files } from '../db/schema/index';
import { RecognitionUnavailableError } from '../media/recognition/errors';
import type { RecognitionResult, Recognizer } from '../media/recognition/recognizer';
import { useTestApp, waitForMail, type TestApp } from '../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../tests/helpers/test-client';
import { photo, uploadOk } from '../../tests/helpers/upload';
import { eventually } from '../../tests/helpers/wait';

/** How long and how often this file reads for a job's result. */
const SETTLE = { timeoutMs: 20_000, intervalMs: 100 };

/** Counts analyses; `gate` holds each one until released, to make a job and a request overlap. */
function countingRecognizer(result: Partial<RecognitionResult> = {}) {
  let gate: Promise<void> = Promise.resolve();
  const r = {
    calls: 0,
    hold() {
      let release!: () => void;
      gate = new Promise((res) => (release = res));
      return () => release();
    },
    recognizer: {
      async analyze() {
        r.calls++;
        await gate;
        return { tags: ['cat', 'animal'], isNsfw: false, nsfwScore: 0, objects: [], fingerprint: { phash: '0000000000000000', embedding: null }, ...result };
      },
      async close() {},
      async memoryUsage() {
        return null;
      },
      async terminateWorker() {},
    } satisfies Recognizer,
  };
  return r;
}

async function upload(c: TestClient, tags = 'mine') {
  return uploadOk(c, await photo('chelsea-cat.jpg'), 'cat.jpg', { tags }, 'image/jpeg');
}

function row(t: TestApp, id: number) {
  return t.database.db.select().from(files).where(eq(files.id, id)).then((r) => r[0]);
}

describe('file.uploaded', () => {
  const fake = countingRecognizer();
  const t = useTestApp({}, {}, { recognizer: fake.recognizer, jobs: { pollingIntervalSeconds: 0.5 } });
  let owner: TestClient;
  beforeAll(async () => {
    owner = t.client();
    await signUp(owner);
  });

  it('recognises each uploaded image once, merges the tags and records that it ran', async () => {
    const before = fake.calls;
    const file = await upload(owner);
    const done = await eventually(() => row(t, file.id), (r) => r.recognizedAt !== null, SETTLE);
    expect(done.recognizedTags).toEqual(['cat', 'animal']);
    expect(done.tags).toEqual(['mine', 'cat', 'animal']);
    // analyze-tags afterwards answers the recorded result without recognising again.
    const res = await owner.post(`/api/files/${file.id}/analyze-tags`);
    expect(res.body).toEqual({ suggestedTags: ['cat', 'animal'], message: 'Found 2 tags: cat, animal' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.calls - before).toBe(1);
    expect((await t.app.jobs.findJobs('file.uploaded')).filter((j) => j.state === 'completed').length).toBeGreaterThanOrEqual(1);
  });

  it('recognises once when analyze-tags and the job race for the same image', async () => {
    const before = fake.calls;
    const release = fake.hold();
    const file = await upload(owner);
    // Whoever claimed first is now held inside analyze(); the other must wait, not run again.
    const answer = owner.post(`/api/files/${file.id}/analyze-tags`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.calls - before).toBe(1);
    release();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body.suggestedTags).toEqual(['cat', 'animal']);
    await eventually(() => t.app.jobs.findJobs('file.uploaded'), (jobs) => jobs.every((j) => j.state === 'completed'), SETTLE);
    expect(fake.calls - before).toBe(1);
    expect((await row(t, file.id)).tags).toEqual(['mine', 'cat', 'animal']);
  });

  it('answers what recognition found when the file already carried those tags', async () => {
    const file = await upload(owner, 'cat');
    const res = await owner.post(`/api/files/${file.id}/analyze-tags`);
    expect(res.body.suggestedTags).toEqual(['cat', 'animal']);
    expect(res.body.message).not.toBe('No relevant tags found for this image.');
  });
});

describe('a failing job', () => {
  const fake = countingRecognizer();
  fake.recognizer.analyze = async () => {
    fake.calls++;
    throw new RecognitionUnavailableError('model missing');
  };
  const t = useTestApp({}, {}, {
    recognizer: fake.recognizer,
    jobs: { pollingIntervalSeconds: 0.5, policies: { 'file.uploaded': { retryLimit: 2, retryDelay: 1, retryBackoff: false } } },
  });

  it('is retried, then kept as failed with its error, and the file is left for a later try', async () => {
    const owner = t.client();
    await signUp(owner);
    const file = await upload(owner);
    const failed = await eventually(() => t.app.jobs.failedJobs('file.uploaded'), (jobs) => jobs.length > 0, { ...SETTLE, timeoutMs: 30_000 });
    expect(failed).toHaveLength(1);
    expect(failed[0].retryCount).toBe(2);
    expect(JSON.stringify(failed[0].output)).toContain('model missing');
    expect(fake.calls).toBe(3);
    const r = await row(t, file.id);
    expect(r.recognizedAt).toBeNull();
    expect(r.recognitionClaimedAt).toBeNull();
  });
});

describe('mail.send', () => {
  const t = useTestApp({}, {}, { jobs: { pollingIntervalSeconds: 0.5 } });

  it('delivers a settings notice to the outbox through the queue, with the data kept out of the log', async () => {
    const member = t.client();
    const me = await signUp(member);
    const res = await member.put('/api/user/password', { newPassword: 'another-Passw0rd!' });
    expect(res.status).toBe(200);
    const mail = await waitForMail(t, (m) => m.subject === 'Your Kaleido password was changed');
    expect(mail.to).toBe(me.email);
    // Security notices have their own queue (decision 021).
    const jobs = await t.app.jobs.findJobs('mail.security');
    expect(jobs.map((j) => j.state)).toContain('completed');
  });
});
