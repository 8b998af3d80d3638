import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../tests/helpers/test-app';
import { signedUp } from '../../tests/helpers/test-client';
import { photo, upload, uploadOk } from '../../tests/helpers/upload';

const TOKEN = 'metrics-token-for-the-test-0123';
// Budgets a tenth of production's: the second folder of a minute is refused (1 a minute), uploads are not (6).
const t = useTestApp({ METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT: '2', WRITE_BUDGET_SCALE: '0.1' });

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus text exposition, parsed strictly: every line a comment of a known kind or a sample (NaN in any case, as Prometheus's float parser reads it). */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1], type[2]);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return { types, samples };
}

async function scrape() {
  const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await res.text());
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

describe('GET /metrics', () => {
  it('answers 401 without the token or with another, and 404 where no token is set', async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
    const plain = await startTestApp();
    try {
      expect((await fetch(`${plain.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('holds every family once the requests that feed it were made', async () => {
    const { client, email } = await signedUp(t);
    await uploadOk(client, await photo('chelsea-cat.jpg'), 'cat.jpg');
    expect((await upload(client, Buffer.from('not a file of any kind'), 'notes.bin')).status).toBe(415);
    // The sign-in throttle: two failures from this address for this account, then 429.
    const stranger = t.client();
    for (let i = 0; i < 3; i++) await stranger.post('/api/login', { emailOrUsername: email, password: 'wrong-password' });
    expect((await stranger.post('/api/login', { emailOrUsername: email, password: 'wrong-password' })).status).toBe(429);
    // The folder budget: one a minute at this scale.
    expect((await client.post('/api/folders', { name: 'First' })).status).toBe(201);
    expect((await client.post('/api/folders', { name: 'Second' })).status).toBe(429);
    // A live stream held open while scraping.
    const abort = new AbortController();
    const stream = await fetch(`${t.url}/api/events`, { headers: { cookie: client.cookieHeader }, signal: abort.signal });
    expect(stream.status).toBe(200);
    await client.get('/api/files');
    await client.get(`/api/files?page=1`);
    // The upload's job ran (recognition timed) before the scrape.
    await expect.poll(async () => value((await scrape()).samples, 'kaleido_job_runs_total', { job: 'file.uploaded' }), { timeout: 20_000 }).toBeGreaterThan(0);

    const { types, samples } = await scrape();
    abort.abort();
    const families: Record<string, string> = {
      kaleido_http_request_duration_seconds: 'histogram',
      kaleido_job_queue_depth: 'gauge',
      kaleido_job_oldest_age_seconds: 'gauge',
      kaleido_job_runs_total: 'counter',
      kaleido_job_failures_total: 'counter',
      kaleido_live_streams_open: 'gauge',
      kaleido_cache_hits_total: 'counter',
      kaleido_cache_misses_total: 'counter',
      kaleido_uploads_total: 'counter',
      kaleido_recognition_duration_seconds: 'histogram',
      kaleido_media_process_duration_seconds: 'histogram',
      kaleido_sign_in_throttled_total: 'counter',
      kaleido_write_budget_refusals_total: 'counter',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_gc_duration_seconds: 'histogram',
      nodejs_heap_size_used_bytes: 'gauge',
    };
    for (const [name, type] of Object.entries(families)) expect(types.get(name), name).toBe(type);

    // Requests by the endpoint table's name, never the raw path.
    expect(value(samples, 'kaleido_http_request_duration_seconds_count', { operation: 'uploadFile', status: '201' })).toBe(1);
    expect(value(samples, 'kaleido_http_request_duration_seconds_count', { operation: 'listFeed', status: '200' })).toBeGreaterThanOrEqual(2);
    expect(samples.some((s) => /\/api\//.test(s.labels.operation ?? ''))).toBe(false);
    expect(value(samples, 'kaleido_uploads_total', { outcome: 'accepted', reason: 'stored' })).toBe(1);
    expect(value(samples, 'kaleido_uploads_total', { outcome: 'refused', reason: 'unsupported' })).toBe(1);
    expect(value(samples, 'kaleido_sign_in_throttled_total', { operation: 'logIn' })).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'kaleido_write_budget_refusals_total', { operation: 'createFolder' })).toBe(1);
    expect(value(samples, 'kaleido_live_streams_open')).toBe(1);
    expect(value(samples, 'kaleido_recognition_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(value(samples, 'kaleido_media_process_duration_seconds_count', { kind: 'image' })).toBe(1);
    expect(value(samples, 'kaleido_cache_hits_total') + value(samples, 'kaleido_cache_misses_total')).toBeGreaterThan(0);
    // Every job of the catalogue has its series, at zero when nothing waits.
    for (const family of ['kaleido_job_queue_depth', 'kaleido_job_oldest_age_seconds']) {
      expect(samples.some((s) => s.name === family && s.labels.job === 'file.uploaded'), family).toBe(true);
    }
  });
});
