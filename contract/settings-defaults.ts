// What the client's first script needs of the settings contract, without zod: the landing page
// and every screen's preferences read these before any form is shown (docs/decisions/023).

import { pushKinds } from './notification-paths';

/** The settings defaults, for accounts that never chose (held to the schema in settings.ts). */
export const defaultPreferences = {
  defaultLandingPage: 'feed',
  notificationEmails: 'periodic',
  newsletter: false,
  editorialPosts: false,
  periodicTips: true,
  groupBlockLimitAlerts: true,
  sundayReview: true,
  nsfw: 'hide',
  searchIndexing: 'allow',
  showProfileToVisitors: true,
  theme: 'system',
  reduceMotion: false,
  hideNotificationCounter: false,
  /** Kinds pushed to the member's devices that have push on (all by default). */
  pushKinds: [...pushKinds] as (typeof pushKinds)[number][],
} as const;
