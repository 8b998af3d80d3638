import { settingsMessages as m } from '@contract/settings';
import type { CurrentUser } from '@contract/users';
import { screens, type SettingsSectionId } from '@contract/screens';
import { Bell, CreditCard, Download, Lock, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { ChangeEmailForm, ChangePasswordForm } from '@/features/settings/account-security';
import { RecentSignInProvider } from '@/features/account-security/recent-sign-in';
import { SignInMethods } from '@/features/account-security/sign-in-methods';
import { DataArchive } from '@/features/settings/data-archive';
import { AvatarField } from '@/features/settings/avatar-field';
import { GeneralPreferences } from '@/features/settings/general-preferences';
import { usePreferences, useUpdatePreferences } from '@/features/settings/preferences';
import { PrivacyContent } from '@/features/settings/privacy-content';
import { PushSettings } from '@/features/push/push-settings';
import { ProfileForm } from '@/features/settings/profile-form';
import { SettingsSection } from '@/features/settings/settings-section';
import { StorageUsage } from '@/features/settings/storage-usage';
import { SubscriptionCard } from '@/features/settings/subscription-card';
import { DeleteAccount } from '@/features/safety/delete-account';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/document-title';

const sections: { id: SettingsSectionId; label: string; icon: LucideIcon }[] = [
  { id: 'general', label: 'General', icon: UserRound },
  { id: 'notifications', label: 'Notifications', icon: Bell },
  { id: 'privacy', label: 'Privacy & Content', icon: ShieldCheck },
  { id: 'security', label: 'Account Security', icon: Lock },
  { id: 'subscription', label: 'Subscription', icon: CreditCard },
  { id: 'data', label: 'Your data', icon: Download },
];

function AccessDenied() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-muted/30 px-4">
      <Card className="w-full max-w-sm p-8 text-center">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
          <Lock className="size-6" aria-hidden />
        </span>
        <h1 className="text-xl font-semibold tracking-tight">{m.accessDenied}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{m.mustBeLoggedIn}</p>
        <Button asChild className="mt-6 w-full">
          <Link href={screens.auth()}>Log In</Link>
        </Button>
      </Card>
    </div>
  );
}

function SettingsContent({ user }: { user: CurrentUser }) {
  const preferences = usePreferences();
  const { mutate: savePreferences } = useUpdatePreferences();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
        <p className="mt-1 text-muted-foreground">Manage your profile, privacy and account.</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[200px_minmax(0,1fr)]">
        <nav aria-label="Settings sections" className="-mx-4 overflow-x-auto px-4 lg:sticky lg:top-24 lg:mx-0 lg:self-start lg:overflow-visible lg:px-0">
          <ul className="flex gap-1 lg:flex-col">
            {sections.map(({ id, label, icon: Icon }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid min-w-0 gap-8">
          <SettingsSection id="general" icon={UserRound} title="General" description="Your public profile, home page and emails.">
            <AvatarField user={user} />
            <ProfileForm user={user} />
            <GeneralPreferences preferences={preferences} onChange={savePreferences} />
          </SettingsSection>
          <SettingsSection id="notifications" icon={Bell} title="Notifications" description="Push notifications on your devices, and which kinds they carry.">
            <PushSettings preferences={preferences} onChange={savePreferences} />
          </SettingsSection>
          <SettingsSection id="privacy" icon={ShieldCheck} title="Privacy & Content" description="What you see, who can find you, and how Kaleido looks.">
            <PrivacyContent preferences={preferences} onChange={savePreferences} />
          </SettingsSection>
          <SettingsSection id="security" icon={Lock} title="Account Security" description="How you sign in, and where you're signed in.">
            <ChangeEmailForm user={user} />
            <ChangePasswordForm />
            <SignInMethods user={user} />
            <DeleteAccount user={user} />
          </SettingsSection>
          <SettingsSection id="subscription" icon={CreditCard} title="Subscription" description="Your plan and billing.">
            <SubscriptionCard />
          </SettingsSection>
          <SettingsSection id="data" icon={Download} title="Your data" description="The storage your files use, and a copy of everything you have shared and written on Kaleido.">
            <StorageUsage />
            <DataArchive />
          </SettingsSection>
        </div>
      </div>
    </div>
  );
}

/** /settings: its sections, Notifications (decision 035) and Your data (decision 022) for a signed-in member, 'Access Denied' otherwise. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const { user, isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <AccessDenied />;
  return (
    <AppLayout user={user}>
      <RecentSignInProvider>
        <SettingsContent user={user} />
      </RecentSignInProvider>
    </AppLayout>
  );
}
