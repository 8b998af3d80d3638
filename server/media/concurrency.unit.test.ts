import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createLimiter } from './concurrency';

describe('createLimiter', () => {
  it('never runs more than max tasks at once and runs them all', async () => {
    const limit = createLimiter(2);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        limit(async () => {
          running++;
          peak = Math.max(peak, running);
          await sleep(5);
          running--;
          return index;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });
});
