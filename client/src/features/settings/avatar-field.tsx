import { AVATAR_FIELD, settingsMessages as m } from '@contract/settings';
import type { CurrentUser } from '@contract/users';
import { Trash2, Upload } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { call } from '@/lib/call';
import { displayName, initials } from '@/lib/user-display';
import { avatarFileProblem } from './avatar-check';
import { useAccountMutation } from './use-account-mutation';

/** The avatar preview with its initials fallback, Upload avatar, and Remove when there is one. */
export function AvatarField({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useAccountMutation(
    (file: File) => {
      const form = new FormData();
      form.append(AVATAR_FIELD, file);
      return call('uploadAvatar', { body: form });
    },
    { success: [m.avatarUpdated, m.avatarUpdatedText], failure: [m.uploadFailed, m.avatarUploadFailed] },
  );
  const remove = useAccountMutation(() => call('removeAvatar'), {
    success: [m.avatarRemoved, m.avatarRemovedText],
    failure: [m.removalFailed, m.avatarRemoveFailed],
  });

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
      <Avatar className="size-24 shadow-md ring-4 ring-background">
        {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={`${displayName(user)}'s avatar`} />}
        <AvatarFallback className="text-2xl">{initials(user)}</AvatarFallback>
      </Avatar>
      <div className="grid gap-3">
        <div>
          <p className="font-semibold">{displayName(user)}</p>
          <p className="text-sm text-muted-foreground">@{user.username}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          {/* Reached through the Upload avatar button; hidden from the tab order and the accessibility tree. */}
          <input ref={input} id="avatar-file" type="file" accept="image/*" hidden aria-label="Avatar image" onChange={onPick} />
          <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden />
            {upload.isPending ? m.updating : 'Upload avatar'}
          </Button>
          {user.profileImageUrl && (
            <Button variant="ghost" size="sm" className="text-destructive hover:bg-destructive/10 hover:text-destructive" disabled={busy} onClick={() => remove.mutate(undefined)}>
              <Trash2 aria-hidden />
              {remove.isPending ? m.removing : 'Remove'}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">JPG, PNG, GIF or WebP, up to 5MB.</p>
      </div>
    </div>
  );
}
