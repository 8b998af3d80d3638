// Caps how many heavy media jobs (ffmpeg processes, pdfjs workers) run at once, so a burst of
// uploads queues up instead of exhausting memory or starving the event loop's thread pool.
export function createLimiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    // A finishing task hands its slot straight to the next waiter, so `active` never overshoots.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
