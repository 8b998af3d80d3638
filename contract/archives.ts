import { z } from 'zod';

// A member's own data archive, Settings → "Download my data" (decision 022).
// The spec has no strings for it: these are the product's own.

/** How long a ready archive can be downloaded. */
export const ARCHIVE_VALID_DAYS = 7;

export const archiveStatus = z.enum(['pending', 'ready', 'failed']);
export type ArchiveStatus = z.infer<typeof archiveStatus>;

export const archiveDto = z.object({
  id: z.number().int(),
  status: archiveStatus,
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  /** Until when the download works (ready archives only). */
  expiresAt: z.string().nullable(),
  /** Bytes of the zip (ready archives only). */
  size: z.number().int().nullable(),
  /** Where a ready archive downloads from: for its member only. */
  downloadUrl: z.string().nullable(),
});
export type ArchiveDto = z.infer<typeof archiveDto>;

/** GET answers the member's archive or null; POST answers the new, pending one (202). */
export const archiveState = z.object({ archive: archiveDto.nullable() });
export type ArchiveState = z.infer<typeof archiveState>;

export const archiveMessages = {
  title: 'Download my data',
  description: 'A zip of your profile, your files (originals), your folders with their file lists, your comments, likes, follows and messages, as JSON plus the files.',
  request: 'Request my archive',
  requesting: 'Requesting...',
  requestAgain: 'Request a new archive',
  pending: 'We are preparing your archive. You will get a notification and an email when it is ready.',
  failed: 'We could not prepare your archive. Please try again.',
  download: 'Download',
  alreadyPending: 'Your archive is already being prepared',
  requested: 'Archive requested',
  requestedText: 'We will let you know when it is ready to download.',
  notificationText: (until: string) => `Your data archive is ready to download until ${until}`,
  mailSubject: 'Your Kaleido data archive is ready',
};
