import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storageMessages } from '@contract/storage-size';
import { formatStorageSize } from '@contract/storage-size';
import { HardDrive } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call, endpointQuery } from '@/lib/call';

/** On a member's profile, for admins: their storage and their own quota (in MB; empty for the server's default). */
export function MemberQuota({ userId }: { userId: number }) {
  const id = useId();
  const query = endpointQuery('getMemberStorage', { params: { id: userId } });
  const client = useQueryClient();
  const storage = useQuery(query);
  const [draft, setDraft] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (quotaMb: number | null) => call('setMemberStorageQuota', { params: { id: userId }, body: { quotaMb } }),
    onSuccess: (answer) => {
      client.setQueryData(query.queryKey, answer);
      setDraft(null);
      toast({ title: storageMessages.quotaSaved });
    },
    onError: (error) => toast({ title: serverMessage(error, 'Could not save the quota'), variant: 'destructive' }),
  });
  if (!storage.data) return null;
  const { usedBytes, quotaBytes, ownQuota } = storage.data;
  const shown = draft ?? (ownQuota && quotaBytes ? String(Math.round(quotaBytes / 1024 / 1024)) : '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const mb = shown.trim() === '' ? null : Number(shown);
    if (mb !== null && (!Number.isInteger(mb) || mb < 1)) return toast({ title: 'Enter a whole number of MB, 1 or more', variant: 'destructive' });
    save.mutate(mb);
  }

  return (
    <Card className="mx-3 grid gap-3 p-4 sm:mx-0" data-testid="member-quota">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        <HardDrive className="size-4 text-muted-foreground" aria-hidden />
        Storage (admin)
      </h2>
      <p className="text-sm text-muted-foreground">
        {quotaBytes ? `${formatStorageSize(usedBytes)} of ${formatStorageSize(quotaBytes)} used` : `${formatStorageSize(usedBytes)} used, no quota`}
        {ownQuota ? ' (their own quota)' : ' (the server default)'}
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-quota`}>Own quota in MB</Label>
          <Input id={`${id}-quota`} inputMode="numeric" className="w-40" placeholder="Server default" value={shown} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <Button type="submit" disabled={save.isPending}>Save quota</Button>
        {ownQuota && (
          <Button type="button" variant="outline" disabled={save.isPending} onClick={() => save.mutate(null)}>Use the default</Button>
        )}
      </form>
    </Card>
  );
}
