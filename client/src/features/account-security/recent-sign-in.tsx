import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { securityMessages as m } from '@contract/account-security';
import { KeyRound, ShieldCheck } from 'lucide-react';
import { createContext, useCallback, useContext, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { OrDivider } from '@/components/ui/or-divider';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/features/auth/password-input';
import { errorStatus, serverMessage } from '@/lib/api';
import { call, endpointUrl } from '@/lib/call';
import { useRefreshSecurity, useSecurityStatus } from './use-security';

/** The server's "prove it's you first" (403 `{ reauthenticate: true }`, docs/decisions/034). */
export function needsRecentSignIn(error: unknown): boolean {
  return errorStatus(error) === 403 && /"reauthenticate":\s*true/.test(error instanceof Error ? error.message : '');
}

type Ask = () => Promise<boolean>;
const AskContext = createContext<Ask | null>(null);

/**
 * `withRecentSignIn(send)`: sends the change; when the server asks for a recent sign-in, the
 * dialog asks the member for a proof, then the change is sent again. Any change marked
 * `recentSignIn` in the endpoint table goes through it (email, password, two-factor, passkeys…).
 */
export function useWithRecentSignIn() {
  const ask = useContext(AskContext);
  if (!ask) throw new Error('useWithRecentSignIn needs a RecentSignInProvider');
  return useCallback(
    async <T,>(send: () => Promise<T>): Promise<T> => {
      try {
        return await send();
      } catch (error) {
        if (!needsRecentSignIn(error) || !(await ask())) throw error;
        return send();
      }
    },
    [ask],
  );
}

/** Holds the one recent-sign-in dialog of a screen. */
export function RecentSignInProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const resolver = useRef<((proven: boolean) => void) | null>(null);
  const ask = useCallback<Ask>(
    () =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setOpen(true);
      }),
    [],
  );
  const finish = (proven: boolean) => {
    resolver.current?.(proven);
    resolver.current = null;
    setOpen(false);
  };
  return (
    <AskContext.Provider value={ask}>
      {children}
      <Dialog open={open} onOpenChange={(next) => !next && finish(false)}>
        <DialogContent className="sm:max-w-md" data-testid="recent-sign-in-dialog">
          {open && <ProofForm onProven={() => finish(true)} />}
        </DialogContent>
      </Dialog>
    </AskContext.Provider>
  );
}

function ProofForm({ onProven }: { onProven: () => void }) {
  const { data: status } = useSecurityStatus();
  const refresh = useRefreshSecurity();
  const [useCode, setUseCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const prove = useMutation({
    mutationFn: async (how: 'secret' | 'passkey') => {
      if (how === 'passkey') {
        const optionsJSON = await call('reauthenticatePasskeyOptions');
        const response = await startAuthentication({ optionsJSON: optionsJSON as never });
        return call('reauthenticatePasskey', { body: { response: response as never } });
      }
      return call('reauthenticate', { body: useCode ? { code } : { password } });
    },
    onSuccess: async () => {
      await refresh();
      onProven();
    },
    onError: (e) => setError(serverMessage(e, m.passkeyFailed)),
  });
  const byCode = useCode || (status ? !status.hasPassword : false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setError(null);
    prove.mutate('secret');
  }

  return (
    <>
      <DialogHeader>
        <span className="mb-1 flex size-10 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <ShieldCheck className="size-5" aria-hidden />
        </span>
        <DialogTitle>Confirm it's you</DialogTitle>
        <DialogDescription>This change protects your account, so it needs a recent sign-in. It lasts 10 minutes.</DialogDescription>
      </DialogHeader>
      {status && (status.hasPassword || status.twoFactorEnabled) && (
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          {byCode && status.twoFactorEnabled ? (
            <FormField id="reauth-code" label="Code from your authenticator app, or a recovery code">
              <Input id="reauth-code" autoComplete="one-time-code" inputMode="text" value={code} onChange={(e) => setCode(e.target.value)} autoFocus />
            </FormField>
          ) : (
            <FormField id="reauth-password" label="Password">
              <PasswordInput id="reauth-password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
            </FormField>
          )}
          {error && <p role="alert" className="text-sm font-medium text-destructive">{error}</p>}
          <Button type="submit" disabled={prove.isPending || (byCode ? !code.trim() : !password)}>
            {prove.isPending ? 'Confirming...' : 'Confirm'}
          </Button>
          {status.twoFactorEnabled && status.hasPassword && (
            <Button type="button" variant="link" size="sm" className="h-auto justify-self-center" onClick={() => setUseCode((v) => !v)}>
              {byCode ? 'Use your password instead' : 'Use a code instead'}
            </Button>
          )}
        </form>
      )}
      {status && (status.passkeyCount > 0 || status.sso?.linked) && (
        <div className="grid gap-2">
          {(status.hasPassword || status.twoFactorEnabled) && <OrDivider />}
          {status.passkeyCount > 0 && (
            <Button variant="outline" onClick={() => prove.mutate('passkey')} disabled={prove.isPending}>
              <KeyRound aria-hidden />
              Use a passkey
            </Button>
          )}
          {status.sso?.linked && (
            <Button variant="outline" asChild>
              <a href={endpointUrl('startSso', { query: { intent: 'reauth' } })}>Continue with {status.sso.name}</a>
            </Button>
          )}
          {!status.hasPassword && !status.twoFactorEnabled && error && <p role="alert" className="text-sm font-medium text-destructive">{error}</p>}
        </div>
      )}
    </>
  );
}

