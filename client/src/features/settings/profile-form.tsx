import { settingsMessages as m, type ProfileBody } from '@contract/settings';
import { BIO_MAX } from '@contract/limits';
import type { CurrentUser } from '@contract/users';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { call } from '@/lib/call';
import { useAccountMutation } from './use-account-mutation';

type ProfileValues = { firstName: string; lastName: string; username: string; bio: string };

/** First name, last name, username and profile description, saved by Update Profile. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { register, handleSubmit, watch } = useForm<ProfileValues>({
    values: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', username: user.username, bio: user.bio ?? '' },
  });
  const save = useAccountMutation((body: ProfileBody) => call('updateProfile', { body }), {
    success: [m.profileUpdated, m.profileUpdatedText],
    failure: [m.updateFailed, m.profileFailed],
  });
  const bioLength = watch('bio')?.length ?? 0;
  const username = register('username', { setValueAs: (v: string) => v.toLowerCase() });

  return (
    <form onSubmit={handleSubmit((values) => save.mutate(values))} className="grid gap-5" aria-label="Profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="settings-firstName" label="First name">
          <Input id="settings-firstName" autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField id="settings-lastName" label="Last name">
          <Input id="settings-lastName" autoComplete="family-name" {...register('lastName')} />
        </FormField>
      </div>
      <FormField id="settings-username" label="Username">
        <div className="relative">
          <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">@</span>
          <Input
            id="settings-username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            className="pl-7"
            {...username}
            onChange={(event) => {
              event.target.value = event.target.value.toLowerCase();
              return username.onChange(event);
            }}
          />
        </div>
      </FormField>
      <FormField id="settings-bio" label="Profile description">
        <Textarea id="settings-bio" rows={4} maxLength={BIO_MAX} placeholder="Tell people what you share and what you love." {...register('bio')} />
        <div className="flex items-start justify-between gap-4 text-xs text-muted-foreground">
          <p>
            <span className="mr-1.5 font-semibold tracking-wider text-foreground/70">FORMATTING</span>
            Plain text; line breaks are kept.
          </p>
          <span className="tabular-nums">{bioLength}/{BIO_MAX}</span>
        </div>
      </FormField>
      <div className="flex justify-end border-t pt-5">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? m.updating : 'Update Profile'}
        </Button>
      </div>
    </form>
  );
}
