import { describe, expect, it } from 'vitest';
import { milestonesCrossed } from './view-milestones';

describe('view milestones', () => {
  it('are the powers of ten from 10 that a batch passed, each once', () => {
    expect(milestonesCrossed(9, 1)).toEqual([]);
    expect(milestonesCrossed(10, 1)).toEqual([10]);
    expect(milestonesCrossed(12, 3)).toEqual([10]);
    expect(milestonesCrossed(13, 3)).toEqual([]);
    expect(milestonesCrossed(100, 95)).toEqual([10, 100]);
    expect(milestonesCrossed(1000, 1)).toEqual([1000]);
  });
});
