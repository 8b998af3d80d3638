import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { inviteLink } from './folder-rules';
import type { CollaboratorRole } from './folder-types';
import { RoleSelect } from './role-select';
import { useCollaboration } from './use-collaboration';

/** Create an invite link with a role, then copy it. The token is shown once: the server keeps only its hash. */
export function InviteLinkSection({ folderId }: { folderId: number }) {
  const [role, setRole] = useState<CollaboratorRole>('VIEWER');
  const [link, setLink] = useState<string | null>(null);
  const { createInvite } = useCollaboration(folderId);

  function create() {
    createInvite.mutate(role, { onSuccess: (invite) => invite.token && setLink(inviteLink(window.location.origin, invite.token)) });
  }

  async function copy() {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Clipboard refused (insecure origin): the field is selected for a manual copy.
      document.querySelector<HTMLInputElement>('#invite-link')?.select();
    }
    toast({ title: 'Copied' });
  }

  return (
    <section aria-labelledby="invite-link-heading" className="space-y-3">
      <h3 id="invite-link-heading" className="text-sm font-semibold">Invite link</h3>
      <div className="flex gap-2">
        <RoleSelect value={role} onChange={setRole} label="Invite role" />
        <Button variant="secondary" onClick={create} disabled={createInvite.isPending} className="flex-1">
          <Link2 aria-hidden />
          {createInvite.isPending ? 'Creating...' : 'Create Invite Link'}
        </Button>
      </div>
      {link && (
        <div className="flex gap-2">
          <Input id="invite-link" value={link} readOnly aria-label="Invite link" onFocus={(event) => event.target.select()} className="font-mono text-xs" data-testid="invite-link" />
          <Button variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden />
            Copy
          </Button>
        </div>
      )}
    </section>
  );
}
