import client from 'prom-client';
import type { JobNameStats } from './job-stats.repo';

const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = client;

/** Hits and misses of one cache, as the caches count them. */
export type CacheCounts = { hits: number; misses: number };

/** What the collected families read at each scrape; a process without one leaves that family empty. */
export type MetricSources = {
  jobs?: () => Promise<JobNameStats[]>;
  liveStreams?: () => number;
  caches?: () => Record<string, CacheCounts>;
};

let processRegistry: client.Registry | null = null;
/** Event-loop lag, GC, heap, CPU and file descriptors: once per process, however many apps it runs (the tests run several). */
function processDefaults() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * The Prometheus families of one app or worker process (docs/decisions/037-health-metrics-quotas.md,
 * docs/operations.md "Health and metrics"). Counters and histograms are fed where things happen;
 * the gauges (queue, live streams, caches) are read from their owners at scrape time, so serving
 * a request pays for one histogram observation and nothing else.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let sources: MetricSources = {};

  const requests = new Histogram({
    name: 'kaleido_http_request_duration_seconds',
    help: 'Requests by endpoint (the endpoint table\'s operationId; the route pattern otherwise) and status.',
    labelNames: ['operation', 'status'] as const,
    buckets: SECONDS,
    registers,
  });
  const jobRuns = new Counter({ name: 'kaleido_job_runs_total', help: 'Jobs run, by job name.', labelNames: ['job'] as const, registers });
  const jobFailures = new Counter({ name: 'kaleido_job_failures_total', help: 'Job runs that failed (retried or failed for good), by job name.', labelNames: ['job'] as const, registers });
  const uploads = new Counter({
    name: 'kaleido_uploads_total',
    help: 'Uploads accepted or refused, by reason (quota, too_large, unsupported, unprocessable, invalid, not_allowed, rate_limited).',
    labelNames: ['outcome', 'reason'] as const,
    registers,
  });
  const recognition = new Histogram({ name: 'kaleido_recognition_duration_seconds', help: 'Recognition of one image (the model and its colour tags).', buckets: LONG_SECONDS, registers });
  const mediaProcess = new Histogram({
    name: 'kaleido_media_process_duration_seconds',
    help: 'Media processing of one upload (decode, resize, ffmpeg, PDF render), by kind of file.',
    labelNames: ['kind'] as const,
    buckets: LONG_SECONDS,
    registers,
  });
  const signInThrottled = new Counter({ name: 'kaleido_sign_in_throttled_total', help: 'Sign-in calls answered 429 by the sign-in throttle, by endpoint.', labelNames: ['operation'] as const, registers });
  const writeBudgetRefusals = new Counter({ name: 'kaleido_write_budget_refusals_total', help: 'Member writes answered 429 by the write budgets, by endpoint.', labelNames: ['operation'] as const, registers });

  // One query per scrape feeds both queue gauges (prom-client collects them side by side). A
  // database that does not answer leaves them empty rather than failing the whole scrape.
  let jobRows: { at: number; rows: Promise<JobNameStats[]> } | null = null;
  const jobsNow = () => {
    if (!jobRows || Date.now() - jobRows.at > 1000) jobRows = { at: Date.now(), rows: (sources.jobs?.() ?? Promise.resolve([])).catch(() => []) };
    return jobRows.rows;
  };
  new Gauge({
    name: 'kaleido_job_queue_depth',
    help: 'Jobs due and not started, by job name.',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      const rows = await jobsNow();
      this.reset();
      for (const r of rows) this.set({ job: r.name }, r.waiting);
    },
  });
  new Gauge({
    name: 'kaleido_job_oldest_age_seconds',
    help: 'How long the oldest due job has waited, by job name.',
    labelNames: ['job'] as const,
    registers,
    async collect() {
      const rows = await jobsNow();
      this.reset();
      for (const r of rows) this.set({ job: r.name }, r.oldestSeconds);
    },
  });
  new Gauge({
    name: 'kaleido_live_streams_open',
    help: 'Live event streams of members open on this process.',
    registers,
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  });
  const cacheCounter = (name: string, help: string, pick: (c: CacheCounts) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['cache'] as const,
      registers,
      collect() {
        // The caches count since the process started: the counter is their total, set at each scrape.
        this.reset();
        for (const [cache, counts] of Object.entries(sources.caches?.() ?? {})) this.inc({ cache }, pick(counts));
      },
    });
  cacheCounter('kaleido_cache_hits_total', 'Reads answered from memory, by cache.', (c) => c.hits);
  cacheCounter('kaleido_cache_misses_total', 'Reads that went to the database, by cache.', (c) => c.misses);

  return {
    requests,
    jobRuns,
    jobFailures,
    uploads,
    recognition,
    mediaProcess,
    signInThrottled,
    writeBudgetRefusals,
    /** The job queue's `onRun`: runs and failures by job name (a batch counts its jobs). */
    onJobRun(job: string, jobs: number, failed: boolean): void {
      jobRuns.inc({ job }, jobs);
      if (failed) jobFailures.inc({ job }, jobs);
    },
    /** Where the collected families read (the app and the worker hand in theirs once built). */
    readFrom(s: MetricSources): void {
      sources = { ...sources, ...s };
    },
    contentType: registry.contentType,
    /** The exposition text: this process's families and the process defaults. */
    async text(): Promise<string> {
      return Registry.merge([registry, processDefaults()]).metrics();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** Times `run` into `histogram` (seconds), whether it succeeds or throws. */
export async function timed<T>(observe: (seconds: number) => void, run: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  try {
    return await run();
  } finally {
    observe(Number(process.hrtime.bigint() - started) / 1e9);
  }
}
