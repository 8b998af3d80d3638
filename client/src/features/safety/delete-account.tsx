import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { screens } from '@contract/screens';
import type { CurrentUser } from '@contract/users';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useWithRecentSignIn } from '@/features/account-security/recent-sign-in';
import { FieldGroup } from '@/features/settings/settings-section';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';

/**
 * Settings → Account Security → Delete account: the member types their username; a recent
 * sign-in is asked for when the server wants one. Signed out everywhere at once, they land on
 * the home page; everything they shared goes within a minute (docs/features.md "Deleting your account").
 */
export function DeleteAccount({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const withProof = useWithRecentSignIn();
  const remove = useMutation({
    mutationFn: () => withProof(() => call('deleteAccount', { body: { username: typed.trim() } })),
    onSuccess: () => window.location.assign(screens.home()),
  });
  const matches = typed.trim().toLowerCase() === user.username.toLowerCase();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (matches) remove.mutate();
  }
  return (
    <FieldGroup title="Delete account" description="Removes your account and everything you shared: files, folders, comments, likes, follows and the messages you sent. This cannot be undone.">
      <div>
        <Button variant="outline" className="border-destructive/40 text-destructive hover:bg-destructive/10" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden />
          Delete my account
        </Button>
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              You are signed out on every device at once, and within a minute everything of yours is gone. Backups taken earlier still hold it until they age out (see the Privacy Policy).
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <FormField id="delete-confirm" label={`Type ${user.username} to confirm`} error={remove.error ? serverMessage(remove.error, 'Could not delete the account') : undefined}>
              <Input id="delete-confirm" autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>Cancel</Button>
              <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </FieldGroup>
  );
}
