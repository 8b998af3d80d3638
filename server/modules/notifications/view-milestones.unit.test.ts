import { describe, expect, it } from 'vitest';
import { isViewMilestone, viewMilestonesCrossed } from './view-milestones';

describe('isViewMilestone', () => {
  it('is true at 10, 100, 1000 … only', () => {
    expect([1, 9, 10, 11, 20, 99, 100, 110, 1000, 10_000, 100_000, 0.1, -10].filter(isViewMilestone)).toEqual([10, 100, 1000, 10_000, 100_000]);
  });
});

describe('viewMilestonesCrossed', () => {
  it('names each milestone passed, the end included and the start not', () => {
    expect(viewMilestonesCrossed(95, 104)).toEqual([100]);
    expect(viewMilestonesCrossed(9, 10)).toEqual([10]);
    expect(viewMilestonesCrossed(10, 11)).toEqual([]);
    expect(viewMilestonesCrossed(0, 1500)).toEqual([10, 100, 1000]);
    expect(viewMilestonesCrossed(100, 100)).toEqual([]);
  });
});
