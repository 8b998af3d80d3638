import { buildPath } from './endpoint-path';

// The client's screens: one table of route patterns for the router
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
  /** The member's own profile: where a folder deletion leads. */
  ownProfile: '/profile',
  profile: '/profile/:id',
  folder: '/folder/:id',
  /** The invite-accept target as it is spelled: the folder's page too. Links use `folder`. */
  folderAfterInvite: '/folders/:id',
  file: '/file/:id',
  search: '/search',
  notifications: '/notifications',
  admin: '/admin',
  /** A notification mail's link: works signed out (the token is signed). */
  unsubscribe: '/unsubscribe',
  invite: '/invite/:token',
  /** Where files shared from the phone land (the service worker's share target redirects here): the upload dialog opens with them. */
  share: '/share',
} as const;

export type ScreenName = keyof typeof screenPaths;

/** Screens a signed-out visitor is sent to sign in for; the others answer signed out. */
export const memberOnlyScreens = ['ownProfile', 'profile', 'folder', 'folderAfterInvite', 'file', 'search', 'notifications', 'admin', 'settings', 'share'] as const satisfies readonly ScreenName[];

/** The sections of the settings screen, each an anchor (`/settings#data`). */
export const settingsSections = ['general', 'notifications', 'privacy', 'security', 'subscription', 'data'] as const;
export type SettingsSectionId = (typeof settingsSections)[number];

export type AuthTab = 'login' | 'register';

/** The tabs of /admin: the dashboard first. */
export const adminTabs = ['dashboard', 'waitlist', 'reports', 'audit'] as const;
export type AdminTab = (typeof adminTabs)[number];
export type AdminScreenQuery = { tab?: AdminTab };

/** `?next=` a same-site path to return to once signed in or signed up (a visitor's page, a member-only link). */
export type AuthScreenQuery = { tab?: AuthTab; next?: string; sso?: string };

/** `?q=` free text (tag chips too), `?tag=` an exact tag (older links), `?similar=` a file's look-alikes. */
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
  /** `sso`: what a single sign-on round trip came to (contract/account-security.ts ssoOutcomes). */
  auth: (query?: AuthScreenQuery) => withQuery(screenPaths.auth, query),
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
  /** The dashboard by default; `?tab=waitlist` the waitlist. */
  admin: (query?: AdminScreenQuery) => withQuery(screenPaths.admin, query),
  unsubscribe: (token: string) => withQuery(screenPaths.unsubscribe, { token }),
  invite: (token: string) => buildPath(screenPaths.invite, { token }),
  share: () => screenPaths.share,
} as const;


/**
 * The Atom feeds of public uploads (a member's, a public folder's), beside the pages they follow;
 * not screens: the server answers them, as it answers the visitor pages of those screens.
 */
export const feedPaths = {
  profile: '/profile/:id/feed.atom',
  folder: '/folder/:id/feed.atom',
} as const;

export const feeds = {
  profile: (id: Id) => buildPath(feedPaths.profile, { id }),
  folder: (id: Id) => buildPath(feedPaths.folder, { id }),
} as const;
