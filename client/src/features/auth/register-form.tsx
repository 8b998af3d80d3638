import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { RegisterBody } from '@contract/auth';
import { screens } from '@contract/screens';
import { Button } from '@/components/ui/button';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';
import { currentUserKey } from '@/lib/auth';
import { PasswordInput } from './password-input';
import { registerFormSchema, type RegisterFormInput, type RegisterFormOutput } from './register-schema';
import { usePublicConfig } from './use-public-config';
import { UsernameStatusLine } from './username-status-line';
import { useUsernameAvailability } from './use-username-availability';
import { WaitlistedNotice } from './waitlisted-notice';
import { takeReturnPath } from '@/lib/return-path';

const emptyForm: RegisterFormInput = { email: '', username: '', password: '', confirmPassword: '', firstName: '', lastName: '', reason: '' };

/** Keeps the caret where it was while the username is rewritten in lower case. */
function lowerCaseInPlace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.target;
  const lower = input.value.toLowerCase();
  if (lower === input.value) return;
  const { selectionStart, selectionEnd } = input;
  input.value = lower;
  input.setSelectionRange(selectionStart, selectionEnd);
}

export function RegisterForm() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const waitlist = usePublicConfig().data?.registration === 'waitlist';
  const schema = useMemo(() => registerFormSchema(waitlist), [waitlist]);
  const [waitlistedMessage, setWaitlistedMessage] = useState<string | null>(null);
  const { register, handleSubmit, watch, formState: { errors } } = useForm<RegisterFormInput, unknown, RegisterFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: emptyForm,
  });
  const usernameStatus = useUsernameAvailability(watch('username') ?? '');

  const signUp = useMutation({
    mutationFn: ({ confirmPassword: _confirm, reason, ...rest }: RegisterFormOutput) => {
      const body: RegisterBody = waitlist ? { ...rest, reason } : rest;
      return call('register', { body });
    },
    onSuccess: async (answer) => {
      if ('waitlisted' in answer) {
        setWaitlistedMessage(answer.message);
        return;
      }
      queryClient.setQueryData(currentUserKey, answer);
      await queryClient.invalidateQueries({ queryKey: currentUserKey, exact: true });
      toast({ title: 'Account created!' });
      navigate(takeReturnPath() ?? screens.home());
    },
    onError: (error) => {
      toast({ title: 'Registration failed', description: serverMessage(error, 'Failed to create account'), variant: 'destructive' });
    },
  });

  if (waitlistedMessage) return <WaitlistedNotice message={waitlistedMessage} />;

  const usernameField = register('username');
  const describe = (id: string, hasError: boolean, extra?: string) =>
    [hasError ? errorId(id) : null, extra].filter(Boolean).join(' ') || undefined;

  return (
    <form onSubmit={handleSubmit((values) => signUp.mutate(values))} noValidate className="grid gap-4">
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input id="register-email" type="email" autoComplete="email" placeholder="you@example.com"
          aria-invalid={!!errors.email} aria-describedby={describe('register-email', !!errors.email)} {...register('email')} />
      </FormField>
      <FormField id="register-username" label="Username" error={errors.username?.message}>
        <Input
          id="register-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your_name"
          aria-invalid={!!errors.username}
          aria-describedby={describe('register-username', !!errors.username, 'register-username-status')}
          {...usernameField}
          onChange={(event) => {
            lowerCaseInPlace(event);
            void usernameField.onChange(event);
          }}
        />
        {!errors.username && <UsernameStatusLine id="register-username-status" status={usernameStatus} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-password" label="Password" error={errors.password?.message}>
          <PasswordInput id="register-password" autoComplete="new-password" placeholder="At least 6 characters"
            aria-invalid={!!errors.password} aria-describedby={describe('register-password', !!errors.password)} {...register('password')} />
        </FormField>
        <FormField id="register-confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordInput id="register-confirmPassword" autoComplete="new-password" placeholder="Repeat password"
            aria-invalid={!!errors.confirmPassword} aria-describedby={describe('register-confirmPassword', !!errors.confirmPassword)} {...register('confirmPassword')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-firstName" label="First Name" error={errors.firstName?.message}>
          <Input id="register-firstName" autoComplete="given-name" placeholder="Ada"
            aria-invalid={!!errors.firstName} aria-describedby={describe('register-firstName', !!errors.firstName)} {...register('firstName')} />
        </FormField>
        <FormField id="register-lastName" label="Last Name" error={errors.lastName?.message}>
          <Input id="register-lastName" autoComplete="family-name" placeholder="Lovelace"
            aria-invalid={!!errors.lastName} aria-describedby={describe('register-lastName', !!errors.lastName)} {...register('lastName')} />
        </FormField>
      </div>
      {waitlist && (
        <FormField id="register-reason" label="Why do you want to join?" error={errors.reason?.message}>
          <Textarea id="register-reason" rows={3} placeholder="Tell us a little about what you'd like to share"
            aria-invalid={!!errors.reason} aria-describedby={describe('register-reason', !!errors.reason)} {...register('reason')} />
        </FormField>
      )}
      <Button type="submit" size="lg" variant="brand" className="mt-1 w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : waitlist ? 'Apply to Join' : 'Create Account'}
      </Button>
    </form>
  );
}
