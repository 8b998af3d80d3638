import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { securityMessages } from '@contract/account-security';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorStatus, serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { useFinishSignIn } from './use-finish-sign-in';

/** One passkey sign-in: the server's challenge, the browser's ceremony, the server's check. */
async function passkeySignIn(autofill: boolean) {
  const optionsJSON = await call('passkeyLoginOptions');
  const response = await startAuthentication({ optionsJSON: optionsJSON as never, useBrowserAutofill: autofill });
  return call('logInWithPasskey', { body: { response: response as never } });
}

function cancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'NotAllowedError' || /ABORTED|cancel/i.test(`${(error as { code?: string }).code ?? ''} ${error.message}`));
}

/**
 * "Sign in with a passkey" (discoverable credentials: no username needed), and the browser's
 * own passkey suggestions in the email-or-username field (conditional mediation), started once
 * the form is on screen and given up when it leaves.
 */
export function PasskeySignIn() {
  const finish = useFinishSignIn();
  const failed = (error: unknown) => {
    if (!cancelled(error)) toast({ title: 'Login failed', description: serverMessage(error, securityMessages.passkeyFailed), variant: 'destructive' });
  };
  const signIn = useMutation({ mutationFn: () => passkeySignIn(false), onSuccess: finish, onError: failed });
  const finishRef = useRef(finish);
  finishRef.current = finish;

  // The autofill ceremony waits, unseen, until the member picks a passkey in the field's suggestions.
  useEffect(() => {
    let live = true;
    void browserSupportsWebAuthnAutofill().then(async (supported) => {
      if (!supported || !live) return;
      try {
        await finishRef.current(await passkeySignIn(true));
      } catch (error) {
        // The browser gave up its offer (no passkey, the page left, another ceremony): nothing to tell.
        // The server refusing a passkey the member picked is told.
        if (live && errorStatus(error) !== null) failed(error);
      }
    });
    return () => {
      live = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);

  if (!browserSupportsWebAuthn()) return null;
  return (
    <Button type="button" variant="outline" size="lg" className="w-full" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
      <KeyRound aria-hidden />
      Sign in with a passkey
    </Button>
  );
}
