import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { authMessages, loginBody } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { currentUserKey } from '@/lib/auth';
import { landingAfterSignIn } from '@/features/settings/preferences';
import { takeReturnPath } from '@/lib/return-path';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordInput } from './password-input';

type LoginInput = z.input<typeof loginBody>;
type LoginOutput = z.output<typeof loginBody>;

export function LoginForm() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { register, handleSubmit, formState: { errors } } = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginBody),
    defaultValues: { emailOrUsername: '', password: '' },
  });

  const login = useMutation({
    mutationFn: (body: LoginOutput) => call('logIn', { body }),
    onSuccess: async (user) => {
      // The member's default landing page decides where sign-in lands; read before the session
      // switches the screen, so the route changes once.
      const landing = takeReturnPath() ?? (await landingAfterSignIn(queryClient, user));
      queryClient.setQueryData(currentUserKey, user);
      navigate(landing);
      toast({ title: 'Welcome back!', description: 'You have been logged in successfully.' });
      await queryClient.invalidateQueries({ queryKey: currentUserKey, exact: true });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: serverMessage(error, authMessages.invalidCredentials), variant: 'destructive' });
    },
  });

  return (
    <form onSubmit={handleSubmit((values) => login.mutate(values))} noValidate className="grid gap-5">
      <FormField id="login-emailOrUsername" label="Email or Username" error={errors.emailOrUsername?.message}>
        <Input
          id="login-emailOrUsername"
          autoComplete="username"
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
  );
}
