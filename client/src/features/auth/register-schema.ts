import { z } from 'zod';
import { authMessages, registerBody } from '@contract/auth';
import { REGISTER_PASSWORD_MIN } from '@contract/limits';

// The sign-up form. It differs from contract's `registerForm` in one way: in
// waitlist mode the 'Why do you want to join?' answer is required.
export function registerFormSchema(waitlist: boolean) {
  return registerBody
    .extend({
      confirmPassword: z.string().min(REGISTER_PASSWORD_MIN, authMessages.confirmRequired),
      reason: waitlist ? z.string().trim().min(1, authMessages.reasonRequired).max(1000) : z.string().optional(),
    })
    .refine((v) => v.password === v.confirmPassword, { message: authMessages.passwordsDontMatch, path: ['confirmPassword'] });
}

export type RegisterFormInput = z.input<ReturnType<typeof registerFormSchema>>;
export type RegisterFormOutput = z.output<ReturnType<typeof registerFormSchema>>;
