import { z } from 'zod';
import { secret, text } from './common';
import { emailField, authMessages, usernameField } from './auth';
import { BIO_MAX, NAME_MAX, PASSWORD_MAX, REGISTER_PASSWORD_MIN } from './limits';
import { pushKinds } from './notification-paths';
import { defaultPreferences as plainDefaults } from './settings-defaults';

// Account settings: payloads, preferences and the screen's strings.

export const settingsMessages = {
  invalidFileTypeTitle: 'Invalid file type',
  fileTooLargeTitle: 'File too large',
  selectImage: 'Please select an image file',
  imageTooLarge: 'Please select an image smaller than 5MB',
  passwordsDontMatchTitle: "Passwords don't match",
  passwordsDontMatch: 'Please ensure both password fields are identical.',
  updateFailed: 'Update failed',
  profileFailed: 'Failed to update profile',
  emailFailed: 'Failed to update email',
  passwordFailed: 'Failed to update password',
  uploadFailed: 'Upload failed',
  avatarUploadFailed: 'Failed to upload avatar',
  removalFailed: 'Removal failed',
  avatarRemoveFailed: 'Failed to remove avatar',
  profileUpdated: 'Profile updated',
  profileUpdatedText: 'Your profile information has been saved.',
  emailUpdated: 'Email updated',
  emailUpdatedText: 'Your email address has been changed.',
  passwordUpdated: 'Password updated',
  passwordUpdatedText: 'Your password has been changed successfully.',
  avatarUpdated: 'Avatar updated',
  avatarUpdatedText: 'Your profile picture has been updated.',
  avatarRemoved: 'Avatar removed',
  avatarRemovedText: 'Your profile picture has been removed.',
  accessDenied: 'Access Denied',
  mustBeLoggedIn: 'You must be logged in to access settings.',
  updating: 'Updating...',
  removing: 'Removing...',
} as const;

/** An optional text field: blank becomes null, so the display-name and initials rules fall back. */
const optionalText = (max: number, multiline = false) =>
  text({ multiline })
    .trim()
    .max(max, `Must be ${max} characters or less`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const profileBody = z.object({
  firstName: optionalText(NAME_MAX),
  lastName: optionalText(NAME_MAX),
  username: usernameField,
  bio: optionalText(BIO_MAX, true),
});
export type ProfileBody = z.input<typeof profileBody>;

export const emailBody = z.object({ email: emailField });
export type EmailBody = z.infer<typeof emailBody>;

export const passwordBody = z.object({
  newPassword: secret().min(REGISTER_PASSWORD_MIN, authMessages.passwordMin).max(PASSWORD_MAX),
});
export type PasswordBody = z.infer<typeof passwordBody>;

export const landingPages = ['feed', 'explore', 'profile'] as const;
export const notificationEmailModes = ['never', 'periodic', 'all'] as const;
export const themes = ['system', 'light', 'dark'] as const;

const fields = {
  defaultLandingPage: z.enum(landingPages),
  notificationEmails: z.enum(notificationEmailModes),
  newsletter: z.boolean(),
  editorialPosts: z.boolean(),
  periodicTips: z.boolean(),
  groupBlockLimitAlerts: z.boolean(),
  sundayReview: z.boolean(),
  nsfw: z.enum(['show', 'hide']),
  searchIndexing: z.enum(['allow', 'deny']),
  /** Signed-out visitors may open the member's profile page (their public files stay reachable by link either way). */
  showProfileToVisitors: z.boolean(),
  theme: z.enum(themes),
  reduceMotion: z.boolean(),
  hideNotificationCounter: z.boolean(),
  /** Which kinds reach the member's devices with push on (Settings → Notifications); the bell shows every kind regardless. */
  pushKinds: z.array(z.enum(pushKinds)).max(pushKinds.length),
};

export const preferences = z.object(fields);
export type Preferences = z.infer<typeof preferences>;

// The defaults live without zod, for the client's first script (decision 023); they are typed
// here, so a default the schema refuses fails the typecheck.
export const defaultPreferences: Preferences = plainDefaults;

/** The multipart field of `PUT /api/user/avatar`: one JPEG, PNG, GIF or WebP image, at most 5 MB. */
export const AVATAR_FIELD = 'avatar';
/** A stored avatar's name (`/uploads/avatars/:name`), checked by the handler. */
export const avatarNameParams = z.object({ name: text().max(100) });

/** `PUT /api/user/preferences`: any subset of the fields; an unknown key or a bad value is a 400. */
export const preferencesPatch = z.strictObject(fields).partial();
export type PreferencesPatch = z.infer<typeof preferencesPatch>;

/** What is stored, merged over the defaults; a stored value that no longer parses falls back to its default. */
export function mergePreferences(stored: unknown): Preferences {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const merged: Record<string, unknown> = { ...defaultPreferences };
  for (const [key, schema] of Object.entries(fields)) {
    const parsed = schema.safeParse(source[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as Preferences;
}
