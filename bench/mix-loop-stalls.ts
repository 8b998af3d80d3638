import fs from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

// BENCH_MIX_LOOP=<file>: every 5 s, the app's event-loop delay (p50/p99/max over those 5 s) and
// its garbage-collection pauses longer than 10 ms with their kind (minor: the young generation;
// major: the whole heap; incremental: a step of marking), appended to <file>. A read whose p99
// is far above its p50 waited behind something: this says whether it was the collector or the
// loop.
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

export function recordLoopStalls(file: string): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let pauses: string[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.duration > 10) pauses.push(`${Math.round(entry.duration)} ${GC_KINDS[(entry as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other'}`);
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    fs.appendFileSync(file, `${new Date().toISOString()} loop p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms; gc pauses > 10 ms: ${pauses.join(', ') || 'none'}\n`);
    delay.reset();
    pauses = [];
  }, 5000).unref();
}
