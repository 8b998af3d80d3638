import { createElement } from 'react';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/components/ui/use-toast';

export const updateMessages = {
  title: 'A new version is available',
  reload: 'Reload',
} as const;

/**
 * Registers the service worker (client/src/sw/sw.ts) a few seconds after the page has loaded,
 * so it never competes with the first screen. A new deploy's worker waits; the member is told
 * "A new version is available — Reload", and Reload activates it and reloads the page.
 * The registration code is loaded on demand: it is not in the landing page's bundle.
 */
/**
 * Tells the waiting worker to take over, then reloads once it controls the page. Workbox's own
 * reload waits for its `controlling` event, which never comes when the update was found by the
 * browser's own check (a worker Workbox calls external): the page's `controllerchange` always does.
 */
function reloadInto(update: (reload?: boolean) => Promise<void>): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  void update(true);
}

const REGISTER_AFTER_LOAD_MS = 3000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = () =>
    void import('virtual:pwa-register').then(({ registerSW }) => {
      const update = registerSW({
        immediate: true,
        onNeedRefresh() {
          toast({
            title: updateMessages.title,
            duration: Number.POSITIVE_INFINITY,
            action: createElement(ToastAction, { altText: updateMessages.reload, onClick: () => reloadInto(update) }, updateMessages.reload),
          });
        },
      });
    });
  // A few seconds after the page has loaded, when the browser is idle: the precache (about 1 MB
  // before compression) must not compete with the feed's pictures for a phone's bandwidth.
  const later = () => window.setTimeout(() => (window.requestIdleCallback ?? ((f: () => void) => f()))(start, { timeout: 5000 }), REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
