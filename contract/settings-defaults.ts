// What the client's first script needs of the settings contract, without zod: the landing page
// and every screen's preferences read these before any form is shown (docs/decisions/023).

/** The defaults of spec 1 §2.5, for accounts that never chose (held to the schema in settings.ts). */
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
  theme: 'system',
  reduceMotion: false,
  hideNotificationCounter: false,
} as const;
