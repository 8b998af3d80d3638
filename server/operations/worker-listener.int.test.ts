import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';
import { startWorkerListener } from './worker-listener';

const TOKEN = 'worker-metrics-token-0123456789';

describe("npm run worker's metrics listener", () => {
  it('opens no port without METRICS_TOKEN', async () => {
    expect(await startWorkerListener({ metrics: createMetrics(), token: null, port: 0, host: '127.0.0.1', logLevel: 'silent' })).toBeNull();
  });

  it('serves /healthz, and /metrics with the job families to the bearer of the token only', async () => {
    const metrics = createMetrics();
    metrics.readFrom({ jobs: async () => [{ name: 'file.uploaded', waiting: 3, oldestSeconds: 42, failedToday: 1 }] });
    metrics.onJobRun('file.uploaded', 2, false);
    metrics.onJobRun('file.uploaded', 1, true);
    const listener = (await startWorkerListener({ metrics, token: TOKEN, port: 0, host: '127.0.0.1', logLevel: 'silent' }))!;
    try {
      const url = `http://127.0.0.1:${(listener.server.address() as AddressInfo).port}`;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('kaleido_job_queue_depth{job="file.uploaded"} 3');
      expect(text).toContain('kaleido_job_oldest_age_seconds{job="file.uploaded"} 42');
      expect(text).toContain('kaleido_job_runs_total{job="file.uploaded"} 3');
      expect(text).toContain('kaleido_job_failures_total{job="file.uploaded"} 1');
      expect(text).toContain('nodejs_heap_size_used_bytes');
    } finally {
      await listener.close();
    }
  });
});
