import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { AddCollaborator } from './add-collaborator';
import { CollaboratorList, PendingInvites } from './collaborator-lists';
import type { FolderDto } from './folder-types';
import { InviteLinkSection } from './invite-link-section';
import { useFolderLive } from './use-folders';

function CollaborateBody({ folderId }: { folderId: number }) {
  useFolderLive(folderId);
  return (
    <>
      <AddCollaborator folderId={folderId} />
      <InviteLinkSection folderId={folderId} />
      <CollaboratorList folderId={folderId} />
      <PendingInvites folderId={folderId} />
    </>
  );
}

/**
 * The owner's Collaborate dialog: invite a member found by search, an invite link,
 * collaborators, pending invites; both lists follow the members' answers live.
 */
export function CollaborateDialog({ folder, open, onOpenChange }: { folder: FolderDto; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg gap-6">
        <DialogHeader>
          <DialogTitle>Collaborate</DialogTitle>
          <DialogDescription>Share “{folder.name}”. Editors can view, add and remove files; viewers can view them. An invited member joins once they accept.</DialogDescription>
        </DialogHeader>
        {open && <CollaborateBody folderId={folder.id} />}
      </DialogContent>
    </Dialog>
  );
}
