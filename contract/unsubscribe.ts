import { z } from 'zod';
import { text } from './common';

// The unsubscribe link of every notification mail: works signed out, sets `notificationEmails` to never.

export const unsubscribeMessages = {
  done: 'You will no longer receive notification emails from Kaleido.',
  invalid: 'This unsubscribe link is invalid or has expired. You can change your email preferences in Settings.',
} as const;

/** `POST /api/unsubscribe?token=…`: the token of the mail's link (RFC 8058 one-click posts to the same address). */
export const unsubscribeQuery = z.object({ token: text().min(1).max(200) });
