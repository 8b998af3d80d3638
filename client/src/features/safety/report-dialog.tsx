import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { Flag } from 'lucide-react';
import { REPORT_NOTE_MAX, reportReasons, type ReportReason, type ReportTargetType } from '@contract/safety';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { CheckRow } from '@/features/settings/controls';
import { failureText } from '@/lib/api';
import { call } from '@/lib/call';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';
import { cn } from '@/lib/utils';

const REASON_LABELS: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: 'Spam', hint: 'Ads, scams, repeated junk' },
  harassment: { label: 'Harassment', hint: 'Bullying, threats, hate' },
  nudity: { label: 'Nudity', hint: 'Sexual content not marked sensitive' },
  violence: { label: 'Violence', hint: 'Graphic or threatening violence' },
  copyright: { label: 'Copyright', hint: 'My work, posted without permission (a takedown request)' },
  other: { label: 'Something else', hint: 'Tell us in the note' },
};

type Target = { type: ReportTargetType; id: number; noun: string };

/** Report a file, comment, folder, member or message; it offers to block its author too. */
export function ReportDialog({ target, author, open, onOpenChange }: { target: Target; author: { id: number; username: string } | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const send = useMutation({
    mutationFn: async () => {
      const answer = await call('createReport', { body: { targetType: target.type, targetId: target.id, reason: reason!, note: note.trim() || undefined } });
      if (alsoBlock && author) await call('blockUser', { params: { id: author.id } });
      return answer;
    },
    onSuccess: (answer) => {
      toast({ title: 'Reported', description: alsoBlock && author ? `${answer.message}. You blocked @${author.username}.` : answer.message });
      if (alsoBlock) void client.invalidateQueries();
      onOpenChange(false);
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) handleUnauthorized();
      else toast({ title: 'Could not report', description: failureText(error, 'Please try again'), variant: 'destructive' });
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Report {target.noun}</DialogTitle>
          <DialogDescription>An admin reviews every report. The member you report is not told who reported them.</DialogDescription>
        </DialogHeader>
        <RadioGroup.Root aria-label="Reason" value={reason ?? ''} onValueChange={(v) => setReason(v as ReportReason)} className="grid gap-2">
          {reportReasons.map((r) => (
            <RadioGroup.Item
              key={r}
              value={r}
              className={cn(
                'grid cursor-pointer gap-0.5 rounded-lg border px-3 py-2 text-left transition-colors hover:border-ring/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                'data-[state=checked]:border-primary data-[state=checked]:bg-accent/60 data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
              )}
            >
              <span className="text-sm font-medium">{REASON_LABELS[r].label}</span>
              <span className="text-xs text-muted-foreground">{REASON_LABELS[r].hint}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} placeholder="Anything an admin should know (optional)" aria-label="Note" rows={3} maxLength={REPORT_NOTE_MAX} />
        {author && <CheckRow id="report-also-block" label={`Also block @${author.username}`} description="Neither of you will see the other anywhere on Kaleido." checked={alsoBlock} onChange={setAlsoBlock} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="destructive" disabled={!reason || send.isPending} onClick={() => send.mutate()}>
            <Flag aria-hidden />
            {send.isPending ? 'Sending...' : 'Report'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
