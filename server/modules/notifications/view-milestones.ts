/** 10, 100, 1000, …: the view counts that notify the owner (DESIGN.md), not every view. */
export function isViewMilestone(total: number): boolean {
  if (!Number.isSafeInteger(total) || total < 10) return false;
  let n = total;
  while (n % 10 === 0) n /= 10;
  return n === 1;
}

/**
 * The milestones a count passed on its way from `before` (excluded) to `after` (included): a
 * counter flushed in steps (95 → 104) passes 100 without stopping on it. Each is one
 * `view.milestone` job, `{ fileId, total: milestone }`.
 */
export function viewMilestonesCrossed(before: number, after: number): number[] {
  const crossed: number[] = [];
  for (let m = 10; m <= after; m *= 10) if (m > before) crossed.push(m);
  return crossed;
}
