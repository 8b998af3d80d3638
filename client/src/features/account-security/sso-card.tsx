import { useMutation } from '@tanstack/react-query';
import type { SecurityStatus } from '@contract/account-security';
import { Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { MethodRow, StatusPill } from './method-row';
import { useWithRecentSignIn } from './recent-sign-in';
import { useRefreshSecurity } from './use-security';

/** Settings → single sign-on, when the instance has a provider: linked or not, and unlink. */
export function SsoCard({ sso }: { sso: NonNullable<SecurityStatus['sso']> }) {
  const withProof = useWithRecentSignIn();
  const refresh = useRefreshSecurity();
  const unlink = useMutation({
    mutationFn: () => withProof(() => call('unlinkSso')),
    onSuccess: () => refresh(),
    onError: (error) => toast({ title: 'Not unlinked', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  return (
    <div data-testid="sso">
      <MethodRow
        icon={Link2}
        title={<>{sso.name} <StatusPill on={sso.linked} /></>}
        description={sso.linked ? `“Continue with ${sso.name}” signs you in.` : `Sign in with “Continue with ${sso.name}” once, with the same email, to link it.`}
        actions={
          sso.linked && (
            <Button size="sm" variant="outline" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
              Unlink
            </Button>
          )
        }
      />
    </div>
  );
}
