import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { AddCollaborator } from './add-collaborator';
import { CollaboratorList, PendingInvites } from './collaborator-lists';
import type { FolderDto } from './folder-types';
import { InviteLinkSection } from './invite-link-section';

/** The owner's Collaborate dialog (spec 2 §2): add by search, invite link, collaborators, pending invites. */
export function CollaborateDialog({ folder, open, onOpenChange }: { folder: FolderDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg gap-6">
        <DialogHeader>
          <DialogTitle>Collaborate</DialogTitle>
          <DialogDescription>Share “{folder.name}”. Editors can view, add and remove files; viewers can view them.</DialogDescription>
        </DialogHeader>
        {open && (
          <>
            <AddCollaborator folderId={folder.id} />
            <InviteLinkSection folderId={folder.id} />
            <CollaboratorList folderId={folder.id} />
            <PendingInvites folderId={folder.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
