/** 10, 100, 1000, …: the view counts that notify the owner, not every view. */
export function isViewMilestone(total: number): boolean {
  if (!Number.isSafeInteger(total) || total < 10) return false;
  let n = total;
  while (n % 10 === 0) n /= 10;
  return n === 1;
}

