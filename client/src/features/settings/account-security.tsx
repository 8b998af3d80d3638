import { settingsMessages as m } from '@contract/settings';
import type { CurrentUser } from '@contract/users';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/features/auth/password-input';
import { call } from '@/lib/call';
import { useWithRecentSignIn } from '@/features/account-security/recent-sign-in';
import { FieldGroup } from './settings-section';
import { useAccountMutation } from './use-account-mutation';

/** Change email: no current password is asked for; a recent sign-in is (docs/decisions/034). */
export function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const [email, setEmail] = useState(user.email);
  const withProof = useWithRecentSignIn();
  const save = useAccountMutation((next: string) => withProof(() => call('updateEmail', { body: { email: next } })), {
    success: [m.emailUpdated, m.emailUpdatedText],
    failure: [m.updateFailed, m.emailFailed],
  });
  const trimmed = email.trim();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(trimmed);
  }

  return (
    <FieldGroup title="Change email" description="We'll send a notice to your current address.">
      <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <FormField id="settings-email" label="Email address">
          <Input id="settings-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </FormField>
        <Button type="submit" variant="outline" disabled={save.isPending || !trimmed || trimmed.toLowerCase() === user.email.toLowerCase()}>
          {save.isPending ? m.updating : 'Update Email'}
        </Button>
      </form>
    </FieldGroup>
  );
}

/** Change password: new password and confirmation, each with a show/hide toggle; no current password, a recent sign-in (docs/decisions/034). */
export function ChangePasswordForm() {
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const withProof = useWithRecentSignIn();
  const save = useAccountMutation(
    (password: string) => withProof(() => call('updatePassword', { body: { newPassword: password } })),
    { success: [m.passwordUpdated, m.passwordUpdatedText], failure: [m.updateFailed, m.passwordFailed] },
    () => {
      setNewPassword('');
      setConfirm('');
    },
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (newPassword !== confirm) {
      toast({ title: m.passwordsDontMatchTitle, description: m.passwordsDontMatch, variant: 'destructive' });
      return;
    }
    save.mutate(newPassword);
  }

  return (
    <FieldGroup title="Change password" description="Other devices signed in to your account will be signed out.">
      <form onSubmit={onSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="settings-new-password" label="New password">
            <PasswordInput id="settings-new-password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
          </FormField>
          <FormField id="settings-confirm-password" label="Confirm new password">
            <PasswordInput id="settings-confirm-password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </FormField>
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="outline" className="w-full sm:w-auto" disabled={save.isPending || !newPassword || !confirm}>
            {save.isPending ? m.updating : 'Update Password'}
          </Button>
        </div>
      </form>
    </FieldGroup>
  );
}
