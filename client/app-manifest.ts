import type { ManifestOptions } from 'vite-plugin-pwa';
import { themeColors } from '../contract/app-theme';

// The web app manifest (docs/decisions/035-installable-app-and-push.md): what a phone needs to
// put Kaleido on its home screen, and the share target that lists it in the gallery's Share sheet.


/** The address the phone POSTs shared files to (the service worker takes them: client/src/sw/share-target.ts). */
export const SHARE_TARGET_PATH = '/share-target';
/** The form field the shared files arrive in. */
export const SHARE_FILES_FIELD = 'files';
/** What may be shared in: the kinds an upload accepts. */
export const SHARE_ACCEPT = ['image/*', 'video/*', 'audio/*', 'application/pdf', '.pdf'];

export const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Kaleido',
  short_name: 'Kaleido',
  description: 'Share, discover and connect through pictures, videos and files.',
  lang: 'en',
  start_url: '/?source=home-screen',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: themeColors.light,
  background_color: themeColors.light,
  categories: ['photo', 'social'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    { src: '/screenshots/feed-phone.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'The home feed on a phone' },
    { src: '/screenshots/feed-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The home feed on a computer' },
  ],
  share_target: {
    action: SHARE_TARGET_PATH,
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: SHARE_FILES_FIELD, accept: SHARE_ACCEPT }] },
  },
};
