import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound, LinkIcon, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { resetPasswordForm } from '@contract/auth';
import { screens } from '@contract/screens';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorId, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/features/auth/password-input';
import { serverMessage } from '@/lib/api';
import { call, endpointQuery } from '@/lib/call';
import { useDocumentTitle } from '@/lib/document-title';

type ResetInput = z.input<typeof resetPasswordForm>;
type ResetOutput = z.output<typeof resetPasswordForm>;

function ResetShell({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-accent/60 to-background px-4 py-10">
      <header className="mb-8">
        <Link href={screens.home()} aria-label="Kaleido home" className="block rounded-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <Logo />
        </Link>
      </header>
      <Card className="w-full max-w-md p-6 shadow-lg sm:p-8">
        <main>
          <span className="mb-5 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">{icon}</span>
          {children}
        </main>
      </Card>
    </div>
  );
}

function InvalidResetLink() {
  return (
    <ResetShell icon={<LinkIcon className="size-5" aria-hidden />}>
      <h1 className="text-2xl font-bold tracking-tight">Invalid Reset Link</h1>
      <p className="mt-2 text-muted-foreground">This password reset link is invalid or has expired. Please request a new password reset.</p>
      <Button asChild className="mt-6 w-full">
        <Link href={screens.auth({ tab: 'login' })}>Back to Login</Link>
      </Button>
    </ResetShell>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const { register, handleSubmit, formState: { errors } } = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const resetPassword = useMutation({
    mutationFn: (password: string) => call('resetPassword', { body: { token, password } }),
    onSuccess: () => {
      toast({ title: 'Password reset successful', description: 'Your password has been reset. You can now log in with your new password.' });
      navigate(screens.auth({ tab: 'login' }));
    },
    onError: (error) => {
      toast({ title: 'Reset failed', description: serverMessage(error, 'Failed to reset password. The link may have expired.'), variant: 'destructive' });
    },
  });

  function onValid(values: ResetOutput) {
    if (!token) {
      toast({ title: 'Invalid reset link', variant: 'destructive' });
      return;
    }
    resetPassword.mutate(values.password);
  }

  return (
    <ResetShell icon={<KeyRound className="size-5" aria-hidden />}>
      <h1 className="text-2xl font-bold tracking-tight">Create New Password</h1>
      <p className="mt-2 text-muted-foreground">Choose a password of at least 8 characters.</p>
      <form onSubmit={handleSubmit(onValid)} noValidate className="mt-6 grid gap-5">
        <FormField id="reset-password" label="New Password" error={errors.password?.message}>
          <PasswordInput id="reset-password" autoComplete="new-password" aria-invalid={!!errors.password}
            aria-describedby={errors.password ? errorId('reset-password') : undefined} {...register('password')} />
        </FormField>
        <FormField id="reset-confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput id="reset-confirmPassword" autoComplete="new-password" aria-invalid={!!errors.confirmPassword}
            aria-describedby={errors.confirmPassword ? errorId('reset-confirmPassword') : undefined} {...register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href={screens.auth({ tab: 'login' })} className="font-medium text-primary underline-offset-4 hover:underline">Back to Login</Link>
      </p>
    </ResetShell>
  );
}

/** /reset-password: checks the token first, then asks for the new password. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const check = useQuery({
    ...endpointQuery('checkResetToken', { query: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
  });

  if (!token) return <InvalidResetLink />;
  if (check.isLoading) {
    return (
      <div className="flex min-h-dvh flex-col items-center justify-center gap-3 text-muted-foreground" role="status">
        <LoaderCircle className="size-7 animate-spin text-primary" aria-hidden />
        <p>Validating reset link...</p>
      </div>
    );
  }
  if (!check.data?.valid) return <InvalidResetLink />;
  return <NewPasswordForm token={token} />;
}
