import type { CurrentUser } from '@contract/users';
import { PasskeysCard } from './passkeys-card';
import { SessionsCard } from './sessions-card';
import { SsoCard } from './sso-card';
import { TwoFactorCard } from './two-factor-card';
import { useSecurityStatus } from './use-security';

/** Settings → Account Security below the email and password: two-factor, passkeys, single sign-on, devices. */
export function SignInMethods({ user }: { user: CurrentUser }) {
  const { data: status } = useSecurityStatus();
  return (
    <>
      {status && (
        <div className="grid gap-6 border-t pt-8">
          <TwoFactorCard status={status} user={user} />
          <PasskeysCard />
          {status.sso && <SsoCard sso={status.sso} />}
        </div>
      )}
      <div className="border-t pt-8">
        <SessionsCard />
      </div>
    </>
  );
}
