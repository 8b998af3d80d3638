import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { archiveMessages as m, type ArchiveDto } from '@contract/archives';
import { AlertCircle, Archive, Download, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatBytes } from '@/features/files/format';
import { serverMessage } from '@/lib/api';
import { call, endpointQuery } from '@/lib/call';

const archiveQuery = endpointQuery('getMyArchive');
const archiveKey = archiveQuery.queryKey;

function untilText(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The member's archive, polled while it is being prepared (the notification also arrives live). */
function useArchive() {
  return useQuery({
    ...archiveQuery,
    refetchInterval: (query) => (query.state.data?.archive?.status === 'pending' ? 3000 : false),
  });
}

function useRequestArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('requestArchive'),
    onSuccess: (state) => {
      queryClient.setQueryData(archiveKey, state);
      toast({ title: m.requested, description: m.requestedText });
    },
    onError: (error) => {
      toast({ title: serverMessage(error, m.failed), variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: archiveKey });
    },
  });
}

function Status({ archive }: { archive: ArchiveDto }) {
  if (archive.status === 'pending') {
    return (
      <p className="flex items-start gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden />
        {m.pending}
      </p>
    );
  }
  if (archive.status === 'failed') {
    return (
      <p className="flex items-start gap-2 text-sm text-destructive" role="status">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {m.failed}
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" role="status">
      Your archive is ready ({formatBytes(archive.size ?? 0)}). You can download it until {untilText(archive.expiresAt!)}; then it is deleted.
    </p>
  );
}

/** Settings → "Download my data" (decision 022): ask for an archive, follow it, download it. */
export function DataArchive() {
  const { data, isPending } = useArchive();
  const request = useRequestArchive();
  const archive = data?.archive ?? null;
  const ready = archive?.status === 'ready' && archive.downloadUrl;
  return (
    <div className="grid gap-4" data-testid="data-archive">
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
          <Archive className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h3 className="font-semibold">{m.title}</h3>
          <p className="text-sm text-muted-foreground">{m.description}</p>
        </div>
      </div>
      {archive && <Status archive={archive} />}
      <div className="flex flex-wrap gap-2">
        {ready && (
          <Button asChild>
            <a href={archive.downloadUrl!} download>
              <Download className="size-4" aria-hidden />
              {m.download}
            </a>
          </Button>
        )}
        <Button variant={ready ? 'outline' : 'default'} disabled={isPending || request.isPending || archive?.status === 'pending'} onClick={() => request.mutate()}>
          {request.isPending ? m.requesting : archive ? m.requestAgain : m.request}
        </Button>
      </div>
    </div>
  );
}
