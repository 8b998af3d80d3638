import { Ban } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useBlockMember } from './use-block';

type Member = { id: number; username: string };

/** Asks before blocking: what a block does, in the words of docs/features.md "Blocking". */
export function BlockDialog({ member, open, onOpenChange, onBlocked }: { member: Member; open: boolean; onOpenChange: (open: boolean) => void; onBlocked?: () => void }) {
  const block = useBlockMember(`@${member.username}`, (isBlocked) => {
    onOpenChange(false);
    if (isBlocked) onBlocked?.();
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Block @{member.username}?</DialogTitle>
          <DialogDescription>
            Neither of you will see the other's files, folders, profile, comments or likes, and they can't follow, message or invite you.
            You stop following each other. They are not told; you can unblock them in Settings.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant="destructive" disabled={block.isPending} onClick={() => block.mutate({ id: member.id, block: true })}>
            <Ban aria-hidden />
            Block
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
