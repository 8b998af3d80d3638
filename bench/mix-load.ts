import { Pool } from 'undici';
import type { PlannedRequest } from './mix-plan.ts';
import { UNANSWERED, type Recorder } from './mix-replay.ts';
import type { Outcome, Sample } from './mix-stats.ts';

// The open-loop generator: every request is due at its planned time whether or not earlier
// ones have been answered, and its latency runs from that due time. A server that falls behind
// therefore shows its queue as latency (and timeouts) instead of quietly getting fewer
// requests, which a closed-loop tool such as autocannon does (coordinated omission).
//
// Requests go out on a fixed set of keep-alive connections, like members' browsers; a due
// request finding them all busy waits in this generator's own queue (its wait counts as
// latency). One waiting past its timeout is given up without being sent; one sent is never
// aborted (a reset socket would cost both sides a reconnect) but answered late it counts as a
// timeout. Past `maxInFlight` waiting and sent requests, a due request is dropped.

export type LoadOptions = {
  /** A request answered (or still waiting) this long after it was due is a timeout. */
  timeoutMs: number;
  maxInFlight: number;
  /** Keep every answer for the bare server (the app's runs). */
  recorder?: Recorder;
  /** The answer expected for each request (the bare server's runs): any other status is an error. */
  expectStatus?: (req: PlannedRequest) => number;
  /** Called with each answered request and the time (performance.now()) its answer ended. */
  onAnswer?: (req: PlannedRequest, status: number, at: number) => void;
};

export type LoadRun = {
  samples: Sample[];
  /** The generator's own CPU during the run (ms of user + system), and the run's wall time. */
  generatorCpuMs: number;
  wallMs: number;
  /** Requests the server answered (in time or late, right or wrong): what its CPU was spent on. */
  answered: number;
  /** How late the generator itself was in taking up due requests: past a few ms it, not the server, was the limit. */
  sendLagP99Ms: number;
  sendLagMaxMs: number;
};

export type Target = { pool: Pool; connections: number };

/** One pool of keep-alive connections per server, reused across steps. */
export function createTarget(origin: string, connections = 256): Target {
  return { pool: new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 0, bodyTimeout: 0 }), connections };
}

/** A request sent that has not been answered this long after it was due is abandoned (socket reset). */
const HARD_LIMIT_MS = 60_000;

export async function runOpenLoop(target: Target, plan: readonly PlannedRequest[], opts: LoadOptions): Promise<LoadRun> {
  const samples: Sample[] = new Array(plan.length);
  const lags: number[] = [];
  const waiting: number[] = [];
  let head = 0;
  let sent = 0;
  let next = 0;
  let settled = 0;
  let answered = 0;
  const cpuBefore = process.cpuUsage();
  // A short lead so the first requests are not late while this function is still setting up.
  const start = performance.now() + 20;
  const due = (i: number) => start + plan[i].at;

  return new Promise<LoadRun>((resolve) => {
    const sweeper = setInterval(() => expireWaiting(performance.now()), 50);

    const done = (i: number, outcome: Outcome, latencyMs: number) => {
      samples[i] = { kind: plan[i].kind, outcome, latencyMs };
      settled += 1;
      if (settled < plan.length) return;
      clearInterval(sweeper);
      const cpu = process.cpuUsage(cpuBefore);
      lags.sort((a, b) => a - b);
      resolve({
        samples,
        generatorCpuMs: (cpu.user + cpu.system) / 1000,
        wallMs: performance.now() - start,
        answered,
        sendLagP99Ms: lags[Math.floor(lags.length * 0.99)] ?? 0,
        sendLagMaxMs: lags[lags.length - 1] ?? 0,
      });
    };

    /** No answer: the bare server will answer it with the placeholder, and it is as slow as can be. */
    function unanswered(i: number, outcome: Outcome): void {
      opts.recorder?.record(plan[i].seq, UNANSWERED);
      done(i, outcome, Infinity);
    }

    function expireWaiting(now: number): void {
      while (head < waiting.length && now - due(waiting[head]) > opts.timeoutMs) unanswered(waiting[head++], 'timeout');
      if (head > 4096 && head * 2 > waiting.length) {
        waiting.splice(0, head);
        head = 0;
      }
    }

    function pump(): void {
      expireWaiting(performance.now());
      while (sent < target.connections && head < waiting.length) send(waiting[head++]);
    }

    function send(i: number): void {
      const req = plan[i];
      sent += 1;
      const abort = new AbortController();
      const hard = setTimeout(() => abort.abort(), Math.max(1, due(i) + HARD_LIMIT_MS - performance.now()));
      target.pool
        .request({ method: req.method, path: req.path, headers: { ...req.headers, 'x-bench-seq': String(req.seq) }, body: req.body, signal: abort.signal })
        .then(async (res) => {
          const body = opts.recorder ? Buffer.from(await res.body.arrayBuffer()) : await res.body.dump({ limit: 1 << 24 }).then(() => null);
          const end = performance.now();
          answered += 1;
          if (body) opts.recorder!.record(req.seq, { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body });
          opts.onAnswer?.(req, res.statusCode, end);
          const expected = opts.expectStatus?.(req);
          const right = expected === undefined ? res.statusCode < 400 : res.statusCode === expected;
          const latency = end - due(i);
          if (!right) return done(i, 'error', latency);
          done(i, latency > opts.timeoutMs ? 'timeout' : 'ok', latency > opts.timeoutMs ? Infinity : latency);
        })
        .catch(() => unanswered(i, abort.signal.aborted ? 'timeout' : 'error'))
        .finally(() => {
          clearTimeout(hard);
          sent -= 1;
          pump();
        });
    }

    function fire(i: number): void {
      lags.push(performance.now() - due(i));
      if (sent + waiting.length - head >= opts.maxInFlight) return unanswered(i, 'dropped');
      if (sent < target.connections) send(i);
      else waiting.push(i);
    }

    const tick = () => {
      const now = performance.now();
      while (next < plan.length && due(next) <= now) fire(next++);
      if (next < plan.length) setTimeout(tick, Math.max(0, due(next) - performance.now()));
    };
    if (!plan.length) {
      clearInterval(sweeper);
      resolve({ samples: [], generatorCpuMs: 0, wallMs: 0, answered: 0, sendLagP99Ms: 0, sendLagMaxMs: 0 });
    } else setTimeout(tick, 20);
  });
}
