/** The view milestones (10, 100, 1000, …) a count passed when it grew by `added` to `total`. */
export function milestonesCrossed(total: number, added: number): number[] {
  const crossed: number[] = [];
  for (let m = 10; m <= total; m *= 10) if (m > total - added) crossed.push(m);
  return crossed;
}
