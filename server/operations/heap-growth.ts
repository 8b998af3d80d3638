import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last whole-heap collection kept before
 * it starts the next one. Left to itself it chose about 10 % for the app: a collection every few
 * seconds even at 300 requests a second, each holding the event loop 5–19 ms, and the slowest
 * reads waited behind them (docs/decisions/040-heap-growth.md).
 */
const HEAP_GROWING_PERCENT = 100;

/** Called once as a server process starts (server/main.ts; the mix benchmark's app likewise). */
export function growHeapInLargerSteps(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
