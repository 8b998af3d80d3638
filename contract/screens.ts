import { buildPath } from './endpoint-path';

// The client's screens (spec 1 §2.1, spec 2 §2): one table of route patterns for the router
// (client/src/App.tsx) and typed builders for every link to a screen, in the client and in what
// the server writes (mails, redirects). No other file spells a screen path (screens.unit.test.ts
// checks). Without zod: the client's first script imports it.

/** Route patterns, wouter's `:name` for a segment. */
export const screenPaths = {
  /** The member's feed; the landing page when signed out. */
  home: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
  about: '/about',
  contact: '/contact',
  policy: '/policy',
  settings: '/settings',
  /** The member's own profile: where a folder deletion leads (spec 2 §2). */
  ownProfile: '/profile',
  profile: '/profile/:id',
  folder: '/folder/:id',
  /** The invite-accept target as spec 2 §2 spells it: the folder's page too. Links use `folder`. */
  folderAfterInvite: '/folders/:id',
  file: '/file/:id',
  search: '/search',
  notifications: '/notifications',
  admin: '/admin',
  /** A notification mail's link: works signed out (the token is signed). */
  unsubscribe: '/unsubscribe',
  invite: '/invite/:token',
} as const;

export type ScreenName = keyof typeof screenPaths;

/** Screens a signed-out visitor is sent to sign in for (spec 1 §2.1); the others answer signed out. */
export const memberOnlyScreens = ['ownProfile', 'profile', 'folder', 'folderAfterInvite', 'file', 'search', 'notifications', 'admin', 'settings'] as const satisfies readonly ScreenName[];

/** The sections of the settings screen, each an anchor (`/settings#data`). */
export const settingsSections = ['general', 'privacy', 'security', 'subscription', 'data'] as const;
export type SettingsSectionId = (typeof settingsSections)[number];

export type AuthTab = 'login' | 'register';

/** `?q=` free text (tag chips too, spec 2 §2), `?tag=` an exact tag (older links), `?similar=` a file's look-alikes. */
export type SearchScreenQuery = { q?: string; tag?: string; similar?: number };

/** `?tab=messages` opens on Messages on a phone; `?user=` opens that member's thread. */
export type NotificationsScreenQuery = { tab?: 'messages'; user?: number };

type Query = Readonly<Record<string, string | number | undefined>>;

/** `path?key=value&…`, each encoded, in the order given; undefined values are left out. */
function withQuery(path: string, query: Query | undefined): string {
  const pairs = Object.entries(query ?? {})
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

type Id = number | string;

/** Links to screens, same-site paths: the server puts its public URL in front for mails. */
export const screens = {
  home: () => screenPaths.home,
  auth: (query?: { tab?: AuthTab }) => withQuery(screenPaths.auth, query),
  resetPassword: (token: string) => withQuery(screenPaths.resetPassword, { token }),
  about: () => screenPaths.about,
  contact: () => screenPaths.contact,
  policy: () => screenPaths.policy,
  settings: (section?: SettingsSectionId) => (section ? `${screenPaths.settings}#${section}` : screenPaths.settings),
  /** Without an id: the member's own profile. */
  profile: (id?: Id) => (id === undefined ? screenPaths.ownProfile : buildPath(screenPaths.profile, { id })),
  folder: (id: Id) => buildPath(screenPaths.folder, { id }),
  file: (id: Id) => buildPath(screenPaths.file, { id }),
  search: (query?: SearchScreenQuery) => withQuery(screenPaths.search, query),
  notifications: (query?: NotificationsScreenQuery) => withQuery(screenPaths.notifications, query),
  admin: () => screenPaths.admin,
  unsubscribe: (token: string) => withQuery(screenPaths.unsubscribe, { token }),
  invite: (token: string) => buildPath(screenPaths.invite, { token }),
} as const;

