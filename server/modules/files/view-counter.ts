import type { FastifyBaseLogger } from 'fastify';
import type { EventWriter } from '../../events/event-writer';
import type { CountedView, ViewsRepo } from './views.repo';

const HOUR_MS = 3_600_000;

type Deps = { repo: ViewsRepo; events: EventWriter; log: FastifyBaseLogger };

/**
 * Opening a file counts a view (once per viewer per file per hour) without a write on the
 * request path (docs/decisions/018): views wait in memory and are written every `flushMs` in one
 * statement, recording `views.counted` (server/events/event-table.ts: a `view.milestone` job for
 * each milestone passed, then the new totals laid over every process's cached cards). Shown counts lag by at
 * most a flush. A crash loses the views of the last flush interval at most: a view is a read's
 * side effect, never something a member was told was saved.
 */
export function createViewCounter(d: Deps, opts: { flushMs?: number; maxPending?: number } = {}) {
  const flushMs = opts.flushMs ?? 2_000;
  const maxPending = opts.maxPending ?? 10_000;
  let pending = new Map<string, CountedView>();
  // Views of this hour already written by this process: a member opening a file again stays in memory.
  let written = new Set<string>();
  let writtenHour = 0;
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: CountedView[]): Promise<void> {
    await d.events.write(async (tx, emit) => {
      const totals = await d.repo.countViews(tx, batch);
      if (totals.length) emit({ type: 'views.counted', totals });
    });
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      if (!pending.size) return;
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await write(batch);
      } catch (err) {
        // The database refused the batch (down, or shutting down): the views wait for the next flush.
        d.log.warn({ err, views: batch.length }, 'view counts not written; retrying at the next flush');
        for (const v of batch) if (pending.size < maxPending) pending.set(`${v.fileId}:${v.userId}:${v.hour.getTime()}`, v);
      }
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    /** Counts this viewer's view of the file, unless already counted this hour. */
    record(fileId: number, userId: number, now = Date.now()): void {
      const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
      if (hour !== writtenHour) {
        written = new Set();
        writtenHour = hour;
      }
      const key = `${fileId}:${userId}:${hour}`;
      if (written.has(key) || pending.has(key)) return;
      if (written.size < 200_000) written.add(key);
      pending.set(key, { fileId, userId, hour: new Date(hour) });
      if (pending.size >= maxPending) void flush();
    },
    /** Writes what waits now (tests, shutdown). */
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
export type ViewCounter = ReturnType<typeof createViewCounter>;
