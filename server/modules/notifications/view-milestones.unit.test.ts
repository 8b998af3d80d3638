import { describe, expect, it } from 'vitest';
import { isViewMilestone } from './view-milestones';

describe('isViewMilestone', () => {
  it('is true at 10, 100, 1000 … only', () => {
    expect([1, 9, 10, 11, 20, 99, 100, 110, 1000, 10_000, 100_000, 0.1, -10].filter(isViewMilestone)).toEqual([10, 100, 1000, 10_000, 100_000]);
  });
});

