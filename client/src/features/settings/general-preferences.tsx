import type { Preferences, PreferencesPatch } from '@contract/settings';
import { CheckRow, ChoiceGroup } from './controls';
import { FieldGroup } from './settings-section';

type Props = { preferences: Preferences; onChange: (patch: PreferencesPatch) => void };

const otherEmails: { key: keyof Preferences & ('newsletter' | 'editorialPosts' | 'periodicTips' | 'groupBlockLimitAlerts' | 'sundayReview'); label: string; description: string }[] = [
  { key: 'newsletter', label: 'Monthly newsletter', description: 'Product news and highlights, once a month.' },
  { key: 'editorialPosts', label: 'Editorial posts', description: 'Stories and collections picked by our editors.' },
  { key: 'periodicTips', label: 'Periodic tips', description: 'Ideas to get more out of Kaleido.' },
  { key: 'groupBlockLimitAlerts', label: 'Group block-limit alerts', description: 'When members of your groups hit their block limits.' },
  { key: 'sundayReview', label: 'Sunday Review emails', description: 'A weekly summary of what happened on your content.' },
];

/** Default landing page, notification emails and the other emails of General; each change saves at once. */
export function GeneralPreferences({ preferences, onChange }: Props) {
  return (
    <>
      <FieldGroup title="Home" description="Where you land after signing in.">
        <ChoiceGroup
          id="pref-landing"
          label="Default landing page"
          value={preferences.defaultLandingPage}
          choices={[{ value: 'feed', label: 'Feed' }, { value: 'explore', label: 'Explore' }, { value: 'profile', label: 'Profile' }]}
          onChange={(defaultLandingPage) => onChange({ defaultLandingPage })}
        />
      </FieldGroup>
      <FieldGroup title="Emails" description="Changes to these settings are saved automatically.">
        <ChoiceGroup
          id="pref-notification-emails"
          label="Notification emails"
          hint="Likes, comments, follows and invites."
          value={preferences.notificationEmails}
          choices={[{ value: 'never', label: 'Never' }, { value: 'periodic', label: 'Periodic' }, { value: 'all', label: 'All' }]}
          onChange={(notificationEmails) => onChange({ notificationEmails })}
        />
        <div className="grid gap-4 rounded-lg border bg-muted/30 p-4 sm:grid-cols-2">
          {otherEmails.map(({ key, label, description }) => (
            <CheckRow
              key={key}
              id={`pref-${key}`}
              label={label}
              description={description}
              checked={preferences[key]}
              onChange={(checked) => onChange({ [key]: checked })}
            />
          ))}
        </div>
      </FieldGroup>
    </>
  );
}
