import { ssoOutcomes, type SsoOutcome } from '@contract/account-security';
import { AlertCircle, Info } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { OrDivider } from '@/components/ui/or-divider';
import { endpointUrl } from '@/lib/call';
import { usePublicConfig } from './use-public-config';

/** "Continue with {name}" when the instance has a single sign-on provider (OIDC_NAME). */
export function SsoButton() {
  const { data: config } = usePublicConfig();
  if (!config?.ssoName) return null;
  return (
    <div className="grid gap-4">
      <OrDivider />
      <Button variant="outline" size="lg" className="w-full" asChild>
        <a href={endpointUrl('startSso')}>Continue with {config.ssoName}</a>
      </Button>
    </div>
  );
}

const NOTICES: readonly SsoOutcome[] = ['link', 'waitlisted', 'pending'];

/** What a single sign-on round trip came to (`/auth?sso=…`), above the form. */
export function SsoOutcomeNotice({ outcome }: { outcome: string | null }) {
  if (!outcome || !(outcome in ssoOutcomes)) return null;
  const notice = NOTICES.includes(outcome as SsoOutcome);
  const Icon = notice ? Info : AlertCircle;
  return (
    <div role={notice ? 'status' : 'alert'} className={notice ? 'mb-6 flex gap-3 rounded-xl border bg-muted/50 p-4 text-sm' : 'mb-6 flex gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive'} data-testid="sso-outcome">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>{ssoOutcomes[outcome as SsoOutcome]}</p>
    </div>
  );
}
