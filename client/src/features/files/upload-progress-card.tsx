import { CheckCircle2, CloudUpload, X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useToast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { runTitle } from './upload-item';
import type { UploadRun } from './use-upload-queue';

/**
 * The floating progress card at the bottom right: 'Uploading Files' or 'Upload
 * Complete', 'x of y files', a percentage and a bar of the bytes sent. Rendered on the body,
 * above dialogs, so it stays while the upload dialog is closed.
 */
export function UploadProgressCard({ run, onClose }: { run: UploadRun | null; onClose: () => void }) {
  // Toasts share the bottom-right corner on wider screens: the card moves up while one shows.
  const toastShowing = useToast().toasts.some((t) => t.open);
  if (!run) return null;
  const done = run.finished;
  const allGood = done && run.failed === 0 && run.completed === run.total;
  // A finished run with failures shows what made it and what did not, not a percentage of bytes.
  const endedWithFailures = done && run.failed > 0;

  return createPortal(
    <section
      role="status"
      aria-live="polite"
      aria-label="Upload progress"
      data-upload-progress
      data-testid="upload-progress"
      className={cn(
        'pointer-events-auto fixed right-4 bottom-4 z-[60] w-[calc(100vw-2rem)] max-w-sm animate-pop-in rounded-2xl border bg-card p-4 text-card-foreground shadow-2xl transition-transform duration-300 sm:right-6 sm:bottom-6',
        toastShowing && 'sm:-translate-y-28',
      )}
    >
      <div className="flex items-start gap-3">
        <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-xl', allGood ? 'bg-success/15 text-success' : 'bg-primary/10 text-primary')}>
          {allGood ? <CheckCircle2 className="size-5" aria-hidden /> : <CloudUpload className="size-5" aria-hidden />}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{done ? runTitle(run.completed, run.failed) : 'Uploading Files'}</h2>
          <p className="text-xs text-muted-foreground" data-testid="upload-counts">
            {endedWithFailures ? (
              <span className="tabular-nums">{run.completed} uploaded</span>
            ) : (
              <span className="tabular-nums">{run.completed} of {run.total} {run.total === 1 ? 'file' : 'files'}</span>
            )}
            {run.failed > 0 && <span className="font-medium text-destructive"> • {run.failed} failed</span>}
          </p>
        </div>
        {!endedWithFailures && <span className="text-sm font-semibold tabular-nums" data-testid="upload-percent">{run.percent}%</span>}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close upload progress"
          className="-mt-1 -mr-1 cursor-pointer rounded-md p-1 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {endedWithFailures ? (
        <p className="mt-2 text-xs text-muted-foreground">The failed files stay in the upload dialog with the reason.</p>
      ) : (
      <div
        className="mt-3 h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.percent}
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-300 ease-out', allGood ? 'bg-success' : 'bg-brand-gradient')}
          style={{ width: `${run.percent}%` }}
        />
      </div>
      )}
      {allGood && <p className="mt-2 text-xs font-medium text-success">All files uploaded successfully</p>}
    </section>,
    document.body,
  );
}
