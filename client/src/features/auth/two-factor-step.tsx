import { useMutation } from '@tanstack/react-query';
import { securityMessages } from '@contract/account-security';
import { ArrowLeft, Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { useFinishSignIn } from './use-finish-sign-in';

/** The sign-in's second step: a code from the authenticator app, or a recovery code (docs/decisions/034). */
export function TwoFactorStep({ onBack }: { onBack: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const finish = useFinishSignIn();
  const verify = useMutation({
    mutationFn: () => call('logInTwoFactor', { body: { code } }),
    onSuccess: finish,
    onError: (error) => {
      const message = serverMessage(error, securityMessages.invalidCode);
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
      if (message === securityMessages.twoFactorExpired) onBack();
      setCode('');
    },
  });
  const ready = recovery ? code.trim().length >= 10 : code.length === 6;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    verify.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" data-testid="two-factor-step">
      <div className="flex items-start gap-3 rounded-xl border bg-muted/40 p-4">
        <Smartphone className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <p className="text-sm text-muted-foreground">
          {recovery ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.' : 'Open your authenticator app and enter the six-digit code it shows for Kaleido.'}
        </p>
      </div>
      <FormField id="login-code" label={recovery ? 'Recovery code' : 'Authentication code'}>
        {recovery ? (
          <Input id="login-code" autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="xxxx-xxxx-xxxx" value={code} onChange={(e) => setCode(e.target.value)} autoFocus className="font-mono" />
        ) : (
          <Input
            id="login-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            autoFocus
            className="h-12 text-center font-mono text-xl tracking-[0.5em]"
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={!ready || verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex items-center justify-between">
        <Button type="button" variant="ghost" size="sm" className="-ml-2 text-muted-foreground" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0"
          onClick={() => {
            setRecovery((v) => !v);
            setCode('');
          }}
        >
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Button>
      </div>
    </form>
  );
}
