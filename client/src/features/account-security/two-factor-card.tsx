import { useMutation } from '@tanstack/react-query';
import type { SecurityStatus } from '@contract/account-security';
import type { CurrentUser } from '@contract/users';
import { Smartphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { MethodRow, StatusPill } from './method-row';
import { QrSvg } from './qr-svg';
import { RecoveryCodes } from './recovery-codes';
import { useWithRecentSignIn } from './recent-sign-in';
import { useRefreshSecurity } from './use-security';

type Step = { kind: 'closed' } | { kind: 'setup'; secret: string; otpauthUrl: string } | { kind: 'codes'; codes: string[] } | { kind: 'confirm'; action: 'disable' | 'regenerate' };

/** Settings → Two-factor authentication: set up with a QR code or the secret, recovery codes, turn off. */
export function TwoFactorCard({ status, user }: { status: SecurityStatus; user: CurrentUser }) {
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const withProof = useWithRecentSignIn();
  const refresh = useRefreshSecurity();
  const start = useMutation({
    mutationFn: () => withProof(() => call('setUpTwoFactor')),
    onSuccess: (setup) => setStep({ kind: 'setup', ...setup }),
    onError: (error) => toast({ title: 'Two-factor authentication', description: serverMessage(error, 'Could not start the set-up.'), variant: 'destructive' }),
  });
  const close = () => {
    setStep({ kind: 'closed' });
    void refresh();
  };

  return (
    <div className="grid gap-4" data-testid="two-factor">
      <MethodRow
        icon={Smartphone}
        title={<>Two-factor authentication <StatusPill on={status.twoFactorEnabled} /></>}
        description={
          status.twoFactorEnabled
            ? `A code from your authenticator app is asked after your password. ${status.recoveryCodesLeft} of 10 recovery codes left.`
            : 'Ask for a code from an authenticator app (1Password, Google Authenticator, Aegis…) after your password.'
        }
        actions={
          status.twoFactorEnabled ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setStep({ kind: 'confirm', action: 'regenerate' })}>New recovery codes</Button>
              <Button variant="outline" size="sm" onClick={() => setStep({ kind: 'confirm', action: 'disable' })}>Turn off</Button>
            </>
          ) : (
            <Button size="sm" onClick={() => start.mutate()} disabled={start.isPending}>
              {start.isPending ? 'Starting...' : 'Set up'}
            </Button>
          )
        }
      />
      <Dialog open={step.kind !== 'closed'} onOpenChange={(open) => !open && close()}>
        <DialogContent className="sm:max-w-md">
          {step.kind === 'setup' && <SetUp setup={step} onEnabled={(codes) => setStep({ kind: 'codes', codes })} />}
          {step.kind === 'codes' && (
            <>
              <DialogHeader>
                <DialogTitle>Save your recovery codes</DialogTitle>
                <DialogDescription>Each one signs you in once if you lose your phone. They are shown only now.</DialogDescription>
              </DialogHeader>
              <RecoveryCodes codes={step.codes} account={user.email} />
              <DialogFooter>
                <Button onClick={close}>I have saved them</Button>
              </DialogFooter>
            </>
          )}
          {step.kind === 'confirm' && <ConfirmWithCode action={step.action} onDone={(codes) => (codes ? setStep({ kind: 'codes', codes }) : close())} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function SetUp({ setup, onEnabled }: { setup: { secret: string; otpauthUrl: string }; onEnabled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const withProof = useWithRecentSignIn();
  const enable = useMutation({
    mutationFn: () => withProof(() => call('enableTwoFactor', { body: { code } })),
    onSuccess: (res) => onEnabled(res.recoveryCodes),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    enable.mutate();
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Set up two-factor authentication</DialogTitle>
        <DialogDescription>Scan the code with your authenticator app, then enter the six digits it shows.</DialogDescription>
      </DialogHeader>
      <div className="grid place-items-center gap-3">
        <QrSvg text={setup.otpauthUrl} label="QR code for your authenticator app" className="size-48 rounded-lg border" />
        <div className="grid w-full gap-1 text-center">
          <span className="text-xs text-muted-foreground">Can't scan it? Enter this key instead:</span>
          <code className="rounded-md bg-muted px-2 py-1.5 font-mono text-sm tracking-wider break-all select-all" data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <form onSubmit={onSubmit} className="grid gap-3" noValidate>
        <FormField id="totp-code" label="Six-digit code" error={enable.error ? serverMessage(enable.error, 'That code is not valid.') : undefined}>
          <Input id="totp-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} className="font-mono tracking-[0.3em]" />
        </FormField>
        <Button type="submit" disabled={code.length !== 6 || enable.isPending}>{enable.isPending ? 'Checking...' : 'Turn on'}</Button>
      </form>
    </>
  );
}

function ConfirmWithCode({ action, onDone }: { action: 'disable' | 'regenerate'; onDone: (codes?: string[]) => void }) {
  const [code, setCode] = useState('');
  const withProof = useWithRecentSignIn();
  const run = useMutation({
    mutationFn: async () => {
      if (action === 'regenerate') return (await withProof(() => call('regenerateRecoveryCodes', { body: { code } }))).recoveryCodes;
      await withProof(() => call('disableTwoFactor', { body: { code } }));
      return undefined;
    },
    onSuccess: (codes) => {
      if (!codes) toast({ title: 'Two-factor authentication is off', description: 'Your password alone signs you in now.' });
      onDone(codes);
    },
  });
  return (
    <>
      <DialogHeader>
        <DialogTitle>{action === 'disable' ? 'Turn off two-factor authentication?' : 'Make new recovery codes?'}</DialogTitle>
        <DialogDescription>
          {action === 'disable' ? 'Enter a current code from your app, or a recovery code.' : 'Your old recovery codes stop working. Enter a current code from your app.'}
        </DialogDescription>
      </DialogHeader>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run.mutate();
        }}
        className="grid gap-3"
        noValidate
      >
        <FormField id="confirm-code" label="Code" error={run.error ? serverMessage(run.error, 'That code is not valid.') : undefined}>
          <Input id="confirm-code" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} className="font-mono" />
        </FormField>
        <Button type="submit" variant={action === 'disable' ? 'destructive' : 'default'} disabled={!code.trim() || run.isPending}>
          {run.isPending ? 'Checking...' : action === 'disable' ? 'Turn off' : 'Make new codes'}
        </Button>
      </form>
    </>
  );
}
