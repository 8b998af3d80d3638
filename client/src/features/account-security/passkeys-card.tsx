import { browserSupportsWebAuthn, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { Fingerprint, KeyRound, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { formatWhen } from './format-when';
import { MethodRow } from './method-row';
import { useWithRecentSignIn } from './recent-sign-in';
import { usePasskeys, useRefreshSecurity } from './use-security';

/** A member who closed the browser's passkey prompt did nothing wrong: no error toast. */
function cancelled(error: unknown): boolean {
  return error instanceof WebAuthnError ? error.code === 'ERROR_CEREMONY_ABORTED' || error.name === 'NotAllowedError' : error instanceof Error && error.name === 'NotAllowedError';
}

/** Settings → Passkeys: add one (named by the device), see when each was last used, remove one. */
export function PasskeysCard() {
  const { data: passkeys = [] } = usePasskeys();
  const withProof = useWithRecentSignIn();
  const refresh = useRefreshSecurity();
  const add = useMutation({
    mutationFn: async () => {
      const optionsJSON = await withProof(() => call('passkeyRegistrationOptions'));
      const response = await startRegistration({ optionsJSON: optionsJSON as never });
      return call('addPasskey', { body: { response: response as never } });
    },
    onSuccess: async (passkey) => {
      await refresh();
      toast({ title: 'Passkey added', description: `${passkey.name} can now sign you in.` });
    },
    onError: (error) => {
      if (!cancelled(error)) toast({ title: 'Passkey not added', description: serverMessage(error, "Your browser couldn't create a passkey."), variant: 'destructive' });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => withProof(() => call('removePasskey', { params: { id } })),
    onSuccess: () => refresh(),
    onError: (error) => toast({ title: 'Passkey not removed', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });
  const supported = browserSupportsWebAuthn();

  return (
    <div className="grid gap-4" data-testid="passkeys">
      <MethodRow
        icon={Fingerprint}
        title="Passkeys"
        description="Sign in with your fingerprint, face or screen lock instead of a password."
        actions={
          <Button size="sm" variant="outline" onClick={() => add.mutate()} disabled={!supported || add.isPending}>
            <KeyRound aria-hidden />
            {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
          </Button>
        }
      />
      {passkeys.length > 0 && (
        <ul className="divide-y rounded-xl border">
          {passkeys.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-4 py-3">
              <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate text-sm font-medium">{p.name}</span>
                <span className="text-xs text-muted-foreground">
                  Added {formatWhen(p.createdAt)} · {p.lastUsedAt ? `last used ${formatWhen(p.lastUsedAt)}` : 'never used'}
                  {p.backedUp ? ' · synced' : ''}
                </span>
              </div>
              <Button variant="ghost" size="icon-sm" aria-label={`Remove ${p.name}`} onClick={() => remove.mutate(p.id)} disabled={remove.isPending}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {!supported && <p className="text-xs text-muted-foreground">This browser cannot make passkeys.</p>}
    </div>
  );
}
