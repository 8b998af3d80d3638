import type { Preferences, PreferencesPatch } from '@contract/settings';
import { Monitor, Moon, Sun } from 'lucide-react';
import * as RadioGroup from '@radix-ui/react-radio-group';
import { useTheme, type ThemePreference } from '@/lib/theme';
import { cn } from '@/lib/utils';
import { ChoiceGroup, SwitchRow } from './controls';
import { FieldGroup } from './settings-section';
import { BlockedMembers, MutedMembers } from '@/features/safety/blocked-members';

type Props = { preferences: Preferences; onChange: (patch: PreferencesPatch) => void };

const themeChoices: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
  { value: 'system', label: 'System default', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** The theme applies at once on this device; the preferences effect saves it to the account. */
function ThemePicker() {
  const { theme, setTheme } = useTheme();
  return (
    <div className="grid gap-2">
      <span id="pref-theme-label" className="text-sm font-medium">Theme</span>
      <RadioGroup.Root
        aria-labelledby="pref-theme-label"
        value={theme}
        onValueChange={(value) => setTheme(value as ThemePreference)}
        orientation="horizontal"
        className="grid grid-cols-3 gap-2 sm:gap-3"
      >
        {themeChoices.map(({ value, label, icon: Icon }) => (
          <RadioGroup.Item
            key={value}
            value={value}
            id={`pref-theme-${value}`}
            className={cn(
              'group flex cursor-pointer flex-col items-center gap-2 rounded-xl border bg-background px-2 py-3 text-xs font-medium text-muted-foreground transition-colors sm:text-sm',
              'hover:border-ring/50 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
              'data-[state=checked]:border-primary data-[state=checked]:bg-accent/60 data-[state=checked]:text-foreground data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
            )}
          >
            <Icon className="size-5 group-data-[state=checked]:text-primary" aria-hidden />
            {label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}

/** NSFW content, search-engine indexing, the profile for visitors, theme, reduce motion and the notification counter. */
export function PrivacyContent({ preferences, onChange }: Props) {
  return (
    <>
      <FieldGroup title="Content & privacy">
        <ChoiceGroup
          id="pref-nsfw"
          label="NSFW content"
          hint="Hidden content is blurred until you choose to show it."
          value={preferences.nsfw}
          choices={[{ value: 'show', label: 'Show' }, { value: 'hide', label: 'Hide' }]}
          onChange={(nsfw) => onChange({ nsfw })}
        />
        <ChoiceGroup
          id="pref-indexing"
          label="Search-engine indexing"
          hint="Deny asks search engines not to index your profile, public files and folders, and leaves them out of the sitemap."
          value={preferences.searchIndexing}
          choices={[{ value: 'allow', label: 'Allow' }, { value: 'deny', label: 'Deny' }]}
          onChange={(searchIndexing) => onChange({ searchIndexing })}
        />
        <SwitchRow
          id="pref-profile-visitors"
          label="Show my profile to visitors"
          description="People who are not signed in can open your profile page. Off, it is not found for them; your public files stay reachable by their links."
          checked={preferences.showProfileToVisitors}
          onChange={(showProfileToVisitors) => onChange({ showProfileToVisitors })}
        />
      </FieldGroup>
      <BlockedMembers />
      <MutedMembers />
      <FieldGroup title="Appearance">
        <ThemePicker />
        <SwitchRow
          id="pref-reduce-motion"
          label="Reduce motion"
          description="Stops floating pictures, marquees and slideshow auto-advance."
          checked={preferences.reduceMotion}
          onChange={(reduceMotion) => onChange({ reduceMotion })}
        />
        <SwitchRow
          id="pref-hide-counter"
          label="Hide notification counter"
          description="Keep the bell without the unread count."
          checked={preferences.hideNotificationCounter}
          onChange={(hideNotificationCounter) => onChange({ hideNotificationCounter })}
        />
      </FieldGroup>
    </>
  );
}
