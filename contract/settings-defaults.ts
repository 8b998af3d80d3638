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

/** The calls of the settings screen (spec 1 §7) and the stored preferences. */
export const settingsApi = {
  profile: '/api/user/profile',
  email: '/api/user/email',
  password: '/api/user/password',
  avatar: '/api/user/avatar',
  preferences: '/api/user/preferences',
} as const;
