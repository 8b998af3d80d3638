import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { authMessages, loginBody } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordInput } from './password-input';
import { TwoFactorStep } from './two-factor-step';
import { useFinishSignIn } from './use-finish-sign-in';

type LoginInput = z.input<typeof loginBody>;
type LoginOutput = z.output<typeof loginBody>;

/** The Login tab: password (then a code when two-factor is on), or a passkey. */
export function LoginForm() {
  const [needsCode, setNeedsCode] = useState(false);
  const finish = useFinishSignIn();
  const { register, handleSubmit, resetField, formState: { errors } } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBody),
    defaultValues: { emailOrUsername: '', password: '' },
  });

  const login = useMutation({
    mutationFn: (body: LoginOutput) => call('logIn', { body }),
    onSuccess: async (result) => {
      if ('twoFactorRequired' in result) setNeedsCode(true);
      else await finish(result);
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: serverMessage(error, authMessages.invalidCredentials), variant: 'destructive' });
    },
  });

  if (needsCode) {
    return (
      <TwoFactorStep
        onBack={() => {
          resetField('password');
          setNeedsCode(false);
        }}
      />
    );
  }

  return (
    <div className="grid gap-5">
      <form onSubmit={handleSubmit((values) => login.mutate(values))} noValidate className="grid gap-5">
        <FormField id="login-emailOrUsername" label="Email or Username" error={errors.emailOrUsername?.message}>
          <Input
            id="login-emailOrUsername"
            // `webauthn`: the browser offers this site's passkeys here too (passkey-sign-in.tsx).
            autoComplete="username webauthn"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com or username"
            aria-invalid={!!errors.emailOrUsername}
            aria-describedby={errors.emailOrUsername ? errorId('login-emailOrUsername') : undefined}
            {...register('emailOrUsername')}
          />
        </FormField>
        <div className="grid gap-2">
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            <PasswordInput
              id="login-password"
              autoComplete="current-password"
              placeholder="Your password"
              aria-invalid={!!errors.password}
              aria-describedby={errors.password ? errorId('login-password') : undefined}
              {...register('password')}
            />
          </FormField>
          <div className="flex justify-end">
            <ForgotPasswordDialog />
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      <PasskeySignIn />
    </div>
  );
}
