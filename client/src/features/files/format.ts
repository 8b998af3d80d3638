const KB = 1024;
const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** Size in MB with two decimals, as cards, the upload list and the PDF panel show it. */
export function formatMb(bytes: number): string {
  const mb = bytes / (KB * KB);
  // A file of a few hundred bytes is not "0.00 MB" (which reads as empty) beside its size in Bytes.
  if (bytes > 0 && mb < 0.005) return '< 0.01 MB';
  return `${mb.toFixed(2)} MB`;
}

/** A size in the largest fitting unit of Bytes, KB, MB, GB, up to two decimals (download control). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const index = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(KB)));
  const value = bytes / KB ** index;
  return `${Number.parseFloat(value.toFixed(2))} ${SIZE_UNITS[index]}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now' under a minute, then Nm, Nh under a day, then Nd ago. */
export function relativeAge(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

/** m:ss (or h:mm:ss) for a media duration. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
