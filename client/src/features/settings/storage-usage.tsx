import { useQuery } from '@tanstack/react-query';
import { formatStorageSize } from '@contract/storage-size';
import { HardDrive } from 'lucide-react';
import { endpointQuery } from '@/lib/call';
import { cn } from '@/lib/utils';

/** GET /api/user/storage; uploads and deletions invalidate it (the upload dialog, the file's delete). */
export const storageUsageQuery = endpointQuery('getStorageUsage');

/** "Storage: 120 MB of 1 GB used" with a bar; without a quota only what is used. Originals count, derived files do not. */
export function StorageUsage() {
  const { data } = useQuery(storageUsageQuery);
  if (!data) return null;
  const { usedBytes, quotaBytes } = data;
  const share = quotaBytes ? Math.min(1, usedBytes / quotaBytes) : 0;
  const label = quotaBytes
    ? `Storage: ${formatStorageSize(usedBytes)} of ${formatStorageSize(quotaBytes)} used`
    : `Storage: ${formatStorageSize(usedBytes)} used`;
  return (
    <div className="grid gap-2 rounded-xl border bg-card p-4" data-testid="storage-usage">
      <p className="flex items-center gap-2 text-sm font-medium">
        <HardDrive className="size-4 text-muted-foreground" aria-hidden />
        {label}
      </p>
      {quotaBytes ? (
        <div
          role="progressbar"
          aria-label="Storage used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className={cn('h-full rounded-full transition-[width]', share >= 0.9 ? 'bg-destructive' : 'bg-primary')} style={{ width: `${share * 100}%` }} />
        </div>
      ) : null}
      <p className="text-xs text-muted-foreground">Your originals count; previews and thumbnails do not. Deleting files frees space at once.</p>
    </div>
  );
}
