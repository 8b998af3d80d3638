import type { AdminStats } from '@contract/admin-stats';

const W = 300;
const H = 80;

function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Uploads per day for 30 days as bars; the label tells a screen reader the total and the busiest day. */
export function UploadsChart({ days }: { days: AdminStats['uploadsPerDay'] }) {
  const most = Math.max(1, ...days.map((d) => d.uploads));
  const total = days.reduce((n, d) => n + d.uploads, 0);
  const busiest = days.reduce((a, d) => (d.uploads > a.uploads ? d : a), days[0]);
  const gap = 2;
  const bar = (W - gap * (days.length - 1)) / days.length;
  const label = total
    ? `Uploads per day for the last ${days.length} days: ${total} in all, most on ${shortDay(busiest.day)} (${busiest.uploads}).`
    : `No uploads in the last ${days.length} days.`;
  return (
    <figure className="grid gap-2">
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" role="img" aria-label={label} className="h-28 w-full text-primary" data-testid="uploads-chart">
        {days.map((d, i) => {
          const h = d.uploads ? Math.max(2, (d.uploads / most) * H) : 1;
          return (
            <rect key={d.day} x={i * (bar + gap)} y={H - h} width={bar} height={h} rx={1} className={d.uploads ? 'fill-current' : 'fill-muted-foreground/25'}>
              <title>{`${shortDay(d.day)}: ${d.uploads}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{shortDay(days[0].day)}</span>
        <span>{shortDay(days[days.length - 1].day)}</span>
      </figcaption>
    </figure>
  );
}
