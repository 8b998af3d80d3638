import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

// BENCH_MIX_SQL_TIMES=<file> (PGlite only): the time PGlite spends running each statement,
// summed by statement text and written to <file> every 5 s. PGlite runs in the app's thread,
// so a slow statement is an event-loop stall for every request: this names them. Timed around
// the wire-protocol call, after PGlite's own queue, so waiting is not counted.
type Entry = { count: number; ms: number; maxMs: number };

export function timePgliteStatements(pglite: PGlite, file: string): void {
  const times = new Map<string, Entry>();
  let current = '(none)';
  const decoder = new TextDecoder();
  const target = pglite as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  for (const method of ['execProtocol', 'execProtocolStream', 'execProtocolRaw']) {
    const original = target[method]!.bind(pglite);
    target[method] = async (...args: unknown[]) => {
      const message = args[0] as Uint8Array;
      // 'Q' (simple query) and 'P' (parse) carry the statement's text.
      if (message[0] === 0x51) current = decoder.decode(message.subarray(5, 200)).replace(/\s+/g, ' ');
      if (message[0] === 0x50) {
        const rest = message.subarray(5);
        const nameEnd = rest.indexOf(0);
        current = decoder.decode(rest.subarray(nameEnd + 1, nameEnd + 200)).replace(/\s+/g, ' ');
      }
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        const ms = performance.now() - started;
        const key = current.split('\0')[0]!.slice(0, 160);
        const e = times.get(key) ?? { count: 0, ms: 0, maxMs: 0 };
        e.count += 1;
        e.ms += ms;
        e.maxMs = Math.max(e.maxMs, ms);
        times.set(key, e);
      }
    };
  }
  setInterval(() => {
    const rows = [...times].sort((a, b) => b[1].ms - a[1].ms).slice(0, 40);
    fs.writeFileSync(file, rows.map(([sql, e]) => `${e.ms.toFixed(0)} ms\t${e.count}\tmax ${e.maxMs.toFixed(1)}\t${sql}`).join('\n') + '\n');
  }, 5000).unref();
}
