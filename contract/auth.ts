import { z } from 'zod';
import { secret, text } from './common';
import {
  EMAIL_MAX, NAME_MAX, PASSWORD_MAX, REGISTER_PASSWORD_MIN, RESET_PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN,
} from './limits';

// The spec's validation messages, used verbatim by the forms and the server.
export const authMessages = {
  emailOrUsernameRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  invalidEmail: 'Please enter a valid email address',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be 20 characters or less',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  passwordMin: 'Password must be at least 6 characters',
  confirmRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  resetPasswordMin: 'Password must be at least 8 characters',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  usernameAvailable: 'Username is available',
  invalidResetToken: 'This password reset link is invalid or has expired. Please request a new password reset.',
  forgotPasswordSent: "If an account exists with that email, we've sent you password reset instructions.",
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  pendingApproval: 'Your application is still waiting for approval. We will email you when it is reviewed.',
  rejected: 'Your application to join was not approved.',
  suspended: 'This account has been suspended.',
  reasonRequired: 'Please tell us why you want to join',
  waitlisted: "Thanks for applying! We'll email you once your application is approved.",
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

// `error` on text() also names a missing or non-string field with the spec's message.
export const emailField = text({ error: authMessages.invalidEmail }).trim().max(EMAIL_MAX, authMessages.invalidEmail).email(authMessages.invalidEmail);

export const usernameField = text({ error: authMessages.usernameMin })
  .trim()
  .min(USERNAME_MIN, authMessages.usernameMin)
  .max(USERNAME_MAX, authMessages.usernameMax)
  .regex(/^[A-Za-z0-9_]+$/, authMessages.usernameChars)
  .transform((u) => u.toLowerCase());

const nameField = (message: string) => text({ error: message }).trim().min(1, message).max(NAME_MAX, `Must be ${NAME_MAX} characters or less`);

export const loginBody = z.object({
  emailOrUsername: text({ error: authMessages.emailOrUsernameRequired }).trim().min(1, authMessages.emailOrUsernameRequired).max(EMAIL_MAX),
  password: secret({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof loginBody>;

export const registerBody = z.object({
  email: emailField,
  username: usernameField,
  password: secret({ error: authMessages.passwordMin }).min(REGISTER_PASSWORD_MIN, authMessages.passwordMin).max(PASSWORD_MAX),
  firstName: nameField(authMessages.firstNameRequired),
  lastName: nameField(authMessages.lastNameRequired),
  /** Asked only when registration is in waitlist mode. */
  reason: text({ multiline: true }).trim().max(1000).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The sign-up form: the body plus the confirmation, which is never sent. */
export const registerForm = registerBody
  .extend({ confirmPassword: secret().min(REGISTER_PASSWORD_MIN, authMessages.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: authMessages.passwordsDontMatch, path: ['confirmPassword'] });

export const forgotPasswordBody = z.object({ email: emailField });

export const resetPasswordBody = z.object({
  token: text().min(1).max(200),
  password: secret({ error: authMessages.resetPasswordMin }).min(RESET_PASSWORD_MIN, authMessages.resetPasswordMin).max(PASSWORD_MAX),
});

export const resetPasswordForm = z
  .object({
    password: secret().min(RESET_PASSWORD_MIN, authMessages.resetPasswordMin).max(PASSWORD_MAX),
    confirmPassword: secret().min(RESET_PASSWORD_MIN, authMessages.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, { message: authMessages.passwordsDontMatch, path: ['confirmPassword'] });

export const resetTokenQuery = z.object({ token: text().min(1).max(200) });
export const resetTokenStatus = z.object({ valid: z.boolean() });

/** The name as typed, checked against the rules by the handler (its answer names the first broken rule). */
export const usernameCheckParams = z.object({ username: text().max(100) });
export const usernameCheckResponse = z.object({ available: z.boolean(), message: z.string() });
export type UsernameCheckResponse = z.infer<typeof usernameCheckResponse>;

/** Public settings the client needs before sign-in. */
export const publicConfig = z.object({
  registration: z.enum(['open', 'waitlist']),
  adClient: z.string().nullable(),
  /** The single sign-on button's provider name ("Continue with {name}"); null when OIDC_ISSUER is unset. */
  ssoName: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** `POST /api/register` in waitlist mode answers this instead of a user. */
export const waitlistedResponse = z.object({ waitlisted: z.literal(true), message: z.string() });
