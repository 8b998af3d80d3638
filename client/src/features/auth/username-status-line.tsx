import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import type { UsernameStatus } from './use-username-availability';

/** The green/red availability line under the username field. */
export function UsernameStatusLine({ id, status }: { id: string; status: UsernameStatus }) {
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm">
      {status?.tone === 'checking' && (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <LoaderCircle className="size-3.5 animate-spin" aria-hidden />
          <span className="sr-only">Checking username</span>
        </span>
      )}
      {status?.tone === 'ok' && (
        <span className="inline-flex items-center gap-1.5 font-medium text-success">
          <CircleCheck className="size-4" aria-hidden />
          {status.message}
        </span>
      )}
      {status?.tone === 'bad' && (
        <span className="inline-flex items-center gap-1.5 font-medium text-destructive">
          <CircleX className="size-4" aria-hidden />
          {status.message}
        </span>
      )}
    </p>
  );
}
