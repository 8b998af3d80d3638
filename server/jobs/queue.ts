import { sql } from 'drizzle-orm';
import { fromDrizzle, type Db as BossDb, type PgBoss, type QueueOptions, type WorkOptions } from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { statementName } from '../db/generic-plans';
import { createBoss } from './boss';
import { jobConcurrency, jobPolicies, embeddedDatabaseSchedules, jobSchedules, type JobName, type JobPayloads } from './job-catalogue';

export type JobInfo = { id: string; state: string; retryCount: number; output: unknown };
export type SendOptions = {
  /** Enqueue inside this transaction: the job exists exactly when the rows written with it do. */
  tx?: Executor;
  startAfterSeconds?: number;
};
export type JobHandler<N extends JobName> = (data: JobPayloads[N], job: { id: string; retryCount: number }) => Promise<void>;
/** Handles every job of a fetched batch at once (one query for all of them), in the order they were sent; they succeed or are retried together. */
export type BatchHandler<N extends JobName> = (data: JobPayloads[N][]) => Promise<void>;

export type JobQueue = {
  send<N extends JobName>(name: N, data: JobPayloads[N], opts?: SendOptions): Promise<string | null>;
  /** Several jobs of one name in few statements (a fan-out's mail jobs; a restore re-enqueues thousands), in `tx` when given. */
  sendMany<N extends JobName>(name: N, data: JobPayloads[N][], opts?: Pick<SendOptions, 'tx'>): Promise<void>;
  /** Registers a handler; it runs only once `start` was called with `work: true`. */
  work<N extends JobName>(name: N, handler: JobHandler<N>): void;
  /** Registers a handler of whole batches (up to the queue's jobConcurrency jobs); idempotent handlers only. */
  workBatch<N extends JobName>(name: N, handler: BatchHandler<N>): void;
  schedule(name: JobName, cron: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The dead letters of one queue: jobs that used up their retries, with the last error. */
  failedJobs(name: JobName): Promise<JobInfo[]>;
  findJobs(name: JobName): Promise<JobInfo[]>;
};

export type JobQueueOptions = {
  log: FastifyBaseLogger;
  /** False: this process only enqueues (WORKERS=0); `npm run worker` processes work the jobs. */
  work: boolean;
  /** Tests shorten retry delays; production uses the catalogue's policies. */
  policies?: Partial<Record<JobName, QueueOptions>>;
  /** Tests schedule a job every minute; production uses the catalogue's schedules. */
  schedules?: Partial<Record<JobName, string>>;
  pollingIntervalSeconds?: number;
  /** Handlers per queue running at once in this process; tests raise or lower it. */
  concurrency?: Partial<Record<JobName, number>>;
  /** Told of every run (a batch counts its jobs) and whether it failed: the job metrics. */
  onRun?: (name: JobName, jobs: number, failed: boolean) => void;
};

function toInfo(job: { id: string; state: string; retryCount: number; output?: unknown }): JobInfo {
  return { id: job.id, state: job.state, retryCount: job.retryCount, output: job.output ?? null };
}

/**
 * Where a job sent inside a write's transaction is inserted: that transaction's connection.
 * On PostgreSQL the insert is sent prepared under a name made from its text, as the generic
 * plans' pool does (server/db/generic-plans.ts): planned for its values on every call it took
 * 1.1 ms to plan, inside the write's transaction (for a like, under its file's row lock). Under
 * a name PostgreSQL plans it five times per connection, then keeps its generic plan
 * (server/jobs/job-send.int.test.ts). PGlite's one session goes through pg-boss's adapter.
 */
function inTransaction(database: Database, tx: Executor): BossDb {
  if (database.kind === 'pglite') return fromDrizzle(tx as never, sql);
  // The pooled client drizzle's node-postgres transaction runs on.
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('A transaction on PostgreSQL without its pg client: drizzle changed its session');
  return {
    async executeSql(text, values) {
      const result = await client.query({ text, values, name: statementName(text) });
      return { rows: result.rows };
    },
  };
}

/**
 * The app's durable job queue (pg-boss on the app's own database, PGlite or PostgreSQL). Job data
 * is never logged: a mail job carries a mail body.
 */
export function createJobQueue(database: Database, opts: JobQueueOptions): JobQueue {
  const policies = { ...jobPolicies, ...opts.policies };
  const schedules = { ...jobSchedules, ...(database.kind === 'pglite' ? embeddedDatabaseSchedules : {}), ...opts.schedules };
  const concurrency = { ...jobConcurrency, ...opts.concurrency };
  type Registered = { each: JobHandler<JobName> } | { batch: BatchHandler<JobName> };
  const handlers = new Map<JobName, Registered>();
  let boss: PgBoss | null = null;
  let startPromise: Promise<void> | null = null;

  function started(): PgBoss {
    if (!boss) throw new Error('The job queue is not started');
    return boss;
  }

  /** Runs a job or a batch; a failure is logged (by job, never its data) and thrown back for pg-boss to record. */
  async function logged<T>(name: JobName, jobs: { id: string; retryCount: number }[], run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      opts.onRun?.(name, jobs.length, false);
      return result;
    } catch (err) {
      opts.onRun?.(name, jobs.length, true);
      // The error (message and stack) is stored on the job by pg-boss; the log names the jobs only.
      opts.log.warn({ err, job: name, jobIds: jobs.map((j) => j.id), retryCount: Math.max(...jobs.map((j) => j.retryCount)) }, 'job failed');
      throw err;
    }
  }

  /**
   * One pg-boss worker per queue. It fetches up to the queue's jobConcurrency jobs in one query:
   * a batch handler takes them all at once; otherwise they run side by side, each completing or
   * failing (and retrying) on its own. A worker sleeps between fetches (`notifyPollingIntervalSeconds`
   * while LISTEN/NOTIFY works, else `pollingIntervalSeconds`) unless woken: a NOTIFY wakes it when
   * a job is sent, and one that comes while it works makes it fetch again as soon as it is done.
   * A full batch may have left jobs behind whose NOTIFYs came before the fetch (16 photos at once:
   * without a wake, one sleep per batch, two minutes), so the worker wakes itself after a full
   * batch. A short one took every job that was ready: it sleeps, and spares an empty fetch.
   */
  async function startWorker(b: PgBoss, name: JobName, registered: Registered): Promise<void> {
    const size = Math.max(1, concurrency[name] ?? 1);
    const options: WorkOptions = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, notifyPollingIntervalSeconds: 10, includeMetadata: true, batchSize: size };
    type Fetched = { id: string; data: JobPayloads[JobName]; retryCount: number };
    /** What `includeMetadata` adds to each job, which the handler's type does not say. */
    type Sent = Fetched & { createdOn: Date };

    /** One pg-boss worker whose handler, after a full batch, wakes that same worker. */
    async function worker(workOptions: WorkOptions, handle: (jobs: Fetched[]) => Promise<unknown>): Promise<void> {
      let id: string | null = null;
      id = await b.work<JobPayloads[JobName]>(name, workOptions, async (jobs: Fetched[]) => {
        try {
          return await handle(jobs);
        } finally {
          if (id && jobs.length >= size) b.notifyWorker(id);
        }
      });
    }

    if ('batch' in registered) {
      // A fetch answers its jobs in no set order (an UPDATE's RETURNING): sorted again, so the rows a
      // batch inserts follow the events (the newest like of a group is the last one given).
      const sent = (jobs: Fetched[]) => [...(jobs as Sent[])].sort((a, b) => a.createdOn.getTime() - b.createdOn.getTime());
      return worker(options, (jobs) => logged(name, jobs, () => registered.batch(sent(jobs).map((j) => j.data))));
    }
    const runOne = (job: Fetched) => logged(name, [job], () => registered.each(job.data, { id: job.id, retryCount: job.retryCount }));
    if (size === 1) return worker(options, ([job]) => runOne(job));
    await worker({ ...options, perJobResults: true }, async (jobs) => {
      const settled = await Promise.allSettled(jobs.map(runOne));
      return jobs.map((job, i) => {
        const outcome = settled[i];
        return outcome.status === 'fulfilled' ? { id: job.id, status: 'completed' as const } : { id: job.id, status: 'failed' as const, output: outcome.reason };
      });
    });
  }

  async function doStart(): Promise<void> {
    const b = createBoss(database, { migrate: false, supervise: opts.work, schedule: opts.work });
    b.on('error', (err) => opts.log.error({ err }, 'job queue error'));
    b.on('warning', (w) => opts.log.debug({ warning: w.message }, 'job queue warning'));
    await b.start();
    for (const [name, policy] of Object.entries(policies) as [JobName, QueueOptions][]) {
      // Created everywhere (an enqueue-only process sends to them); policies follow the code.
      if (await b.getQueue(name)) await b.updateQueue(name, { ...policy, notify: true });
      else await b.createQueue(name, { ...policy, notify: true });
    }
    boss = b;
    if (!opts.work) return;
    for (const [name, cron] of Object.entries(schedules) as [JobName, string][]) await b.schedule(name, cron, {}, { tz: 'UTC' });
    for (const [name, handler] of handlers) await startWorker(b, name, handler);
  }

  return {
    async send(name, data, sendOpts = {}) {
      const b = started();
      return b.send(name, data as object, {
        startAfter: sendOpts.startAfterSeconds,
        // Through the caller's transaction, which holds PGlite's only connection while it runs.
        db: sendOpts.tx ? inTransaction(database, sendOpts.tx) : undefined,
      });
    },
    async sendMany(name, data, sendOpts = {}) {
      const db = sendOpts.tx ? inTransaction(database, sendOpts.tx) : undefined;
      for (let i = 0; i < data.length; i += 1000) await started().insert(name, data.slice(i, i + 1000).map((d) => ({ data: d as object })), { db });
    },
    work(name, handler) {
      if (boss) throw new Error(`Register the ${name} handler before the queue starts`);
      handlers.set(name, { each: handler as JobHandler<JobName> });
    },
    workBatch(name, handler) {
      if (boss) throw new Error(`Register the ${name} handler before the queue starts`);
      handlers.set(name, { batch: handler as BatchHandler<JobName> });
    },
    async schedule(name, cron) {
      await started().schedule(name, cron, {}, { tz: 'UTC' });
    },
    start() {
      startPromise ??= doStart();
      return startPromise;
    },
    async stop() {
      await startPromise?.catch(() => undefined);
      const b = boss;
      boss = null;
      // Handlers in flight may finish (they write to the database), so this runs before it closes.
      await b?.stop({ graceful: true, timeout: 10_000, close: true });
    },
    async failedJobs(name) {
      return (await this.findJobs(name)).filter((j) => j.state === 'failed');
    },
    async findJobs(name) {
      const jobs = await started().findJobs(name);
      return jobs.map(toInfo);
    },
  };
}
