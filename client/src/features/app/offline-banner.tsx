import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';

export const offlineMessage = "You're offline";

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Says so while the device has no network; what is on screen then comes from the service worker's caches. */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
  if (online) return null;
  return (
    <div role="status" className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-foreground px-4 py-2 text-sm font-medium text-background">
      <WifiOff className="size-4" aria-hidden />
      {offlineMessage} — showing what you saw last.
    </div>
  );
}
