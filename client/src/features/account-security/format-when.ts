import { formatDistanceToNowStrict } from 'date-fns';

/** "3 minutes ago", "just now": when a passkey or a session was last used. */
export function formatWhen(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (now - at < 60_000) return 'just now';
  return formatDistanceToNowStrict(at, { addSuffix: true });
}
