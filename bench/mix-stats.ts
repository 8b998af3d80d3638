// The arithmetic of the mix benchmark, kept apart from any I/O so it can be unit-tested:
// percentiles, one rate step's summary, and the saturation search over steps.

/** What became of one scheduled request. A dropped one was never sent (the generator's in-flight cap). */
export type Outcome = 'ok' | 'error' | 'timeout' | 'dropped';

/** Reads are what the 98.5 % of the mix asks; writes are the other 1.5 %. */
export const READ_KINDS = ['feed', 'feed-deep', 'file', 'comments'] as const;
export const WRITE_KINDS = ['like', 'unlike', 'comment', 'upload'] as const;
export type RequestKind = (typeof READ_KINDS)[number] | (typeof WRITE_KINDS)[number];
export const REQUEST_KINDS: readonly RequestKind[] = [...READ_KINDS, ...WRITE_KINDS];

export type Sample = {
  kind: RequestKind;
  outcome: Outcome;
  /**
   * From the request's scheduled time (not from when it was sent) to the end of its answer, so
   * a server that falls behind shows as latency instead of slowing the load down. Infinity for
   * timeouts and drops: an open-loop percentile counts them as the slowest answers there are.
   */
  latencyMs: number;
};

/** Nearest-rank percentile (p in 0–100) of ascending values; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type StepSummary = {
  offeredRps: number;
  seconds: number;
  scheduled: number;
  ok: number;
  errors: number;
  timeouts: number;
  dropped: number;
  /** Answers that came back ok (right and in time), per second of the step's schedule. */
  servedRps: number;
  /** Every answer, late ones included: what the server got through while overloaded. */
  answeredRps: number;
  p50Ms: number;
  p99Ms: number;
  readP50Ms: number;
  readP99Ms: number;
  writeP50Ms: number;
  writeP99Ms: number;
};

const isRead = (kind: RequestKind) => (READ_KINDS as readonly string[]).includes(kind);

export function summarize(samples: readonly Sample[], offeredRps: number, seconds: number, answered = samples.length): StepSummary {
  const sorted = (list: readonly Sample[]) => list.map((s) => s.latencyMs).sort((a, b) => a - b);
  const all = sorted(samples);
  const reads = sorted(samples.filter((s) => isRead(s.kind)));
  const writes = sorted(samples.filter((s) => !isRead(s.kind)));
  const count = (o: Outcome) => samples.filter((s) => s.outcome === o).length;
  const ok = count('ok');
  return {
    offeredRps,
    seconds,
    scheduled: samples.length,
    ok,
    errors: count('error'),
    timeouts: count('timeout'),
    dropped: count('dropped'),
    servedRps: Math.round(ok / seconds),
    answeredRps: Math.round(answered / seconds),
    p50Ms: percentile(all, 50),
    p99Ms: percentile(all, 99),
    readP50Ms: percentile(reads, 50),
    readP99Ms: percentile(reads, 99),
    writeP50Ms: percentile(writes, 50),
    writeP99Ms: percentile(writes, 99),
  };
}

/** The saturation rule: every request answered, none wrong, p99 within the bound. */
export function passes(step: StepSummary, p99LimitMs: number): boolean {
  return step.errors === 0 && step.timeouts === 0 && step.dropped === 0 && step.p99Ms <= p99LimitMs;
}

/**
 * The next rate to try when searching for saturation: ×`factor` while every step passed, ÷2
 * while none did, then halfway between the best passing and the lowest failing rate,
 * `refinements` times. Null when done.
 */
export function nextRate(tried: readonly { rate: number; pass: boolean }[], opts: { start: number; factor: number; refinements: number; max: number }): number | null {
  if (!tried.length) return opts.start;
  const passed = tried.filter((t) => t.pass).map((t) => t.rate);
  const failed = tried.filter((t) => !t.pass).map((t) => t.rate);
  if (!failed.length) {
    const next = Math.round(Math.max(...passed) * opts.factor);
    return next > opts.max ? null : next;
  }
  const lowestFail = Math.min(...failed);
  if (!passed.length) return lowestFail >= 2 ? Math.round(lowestFail / 2) : null;
  // Steps tried since both a passing and a failing rate were known.
  const bracketed = tried.findIndex((_, i) => tried.slice(0, i + 1).some((t) => t.pass) && tried.slice(0, i + 1).some((t) => !t.pass));
  if (tried.length - 1 - bracketed >= opts.refinements) return null;
  const best = Math.max(...passed.filter((r) => r < lowestFail), 0);
  const next = Math.round((best + lowestFail) / 2);
  return next <= best || next >= lowestFail ? null : next;
}

/** The highest passing rate below every failing one (0 when the first step already failed). */
export function saturation(tried: readonly { rate: number; pass: boolean }[]): number {
  const failed = tried.filter((t) => !t.pass).map((t) => t.rate);
  const ceiling = failed.length ? Math.min(...failed) : Infinity;
  return Math.max(0, ...tried.filter((t) => t.pass && t.rate < ceiling).map((t) => t.rate));
}

/** A latency for a table: whole milliseconds past 10, one decimal below, '>timeout' for Infinity. */
export function ms(value: number): string {
  if (Number.isNaN(value)) return '–';
  if (!Number.isFinite(value)) return 'timeout';
  return value >= 10 || value <= -10 ? String(Math.round(value)) : value.toFixed(1);
}
