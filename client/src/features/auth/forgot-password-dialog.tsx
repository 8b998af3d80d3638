import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordBody } from '@contract/auth';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { errorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call } from '@/lib/call';

type ForgotInput = z.input<typeof forgotPasswordBody>;
type ForgotOutput = z.output<typeof forgotPasswordBody>;

/** 'Forgot password?' link and its dialog. */
export function ForgotPasswordDialog() {
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, reset, formState: { errors } } = useForm<ForgotInput, unknown, ForgotOutput>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });

  const send = useMutation({
    mutationFn: (body: ForgotOutput) => call('forgotPassword', { body }),
    onSuccess: () => {
      toast({ title: 'Reset email sent', description: "If an account exists with that email, we've sent you password reset instructions." });
      setOpen(false);
      reset();
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to send reset email. Please try again.'), variant: 'destructive' });
    },
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className="h-auto px-0 text-sm">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Forgot password?</DialogTitle>
          <DialogDescription>Enter the email address of your account and we will send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          onSubmit={(event) => {
            // The dialog is portalled out of the login form in the DOM but not in React's
            // tree, so its submit event would otherwise also submit the login form.
            event.stopPropagation();
            void handleSubmit((values) => send.mutate(values))(event);
          }}
        >
          <FormField id="forgot-email" label="Email" error={errors.email?.message}>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              aria-invalid={!!errors.email}
              aria-describedby={errors.email ? errorId('forgot-email') : undefined}
              {...register('email')}
            />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
              {send.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
