import { useEffect, useRef } from 'react';
import { Megaphone } from 'lucide-react';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** Placeholder slot id: the ad network assigns real slots per site. */
const AD_SLOT = '1234567890';

/** An ad card in the grid, labelled 'Advertisement'; rendered only when an ad client is configured. */
export function AdCard({ adClient }: { adClient: string }) {
  const slot = useRef<HTMLModElement>(null);
  useEffect(() => {
    if (!slot.current || slot.current.dataset.adsbygoogleStatus) return;
    try {
      (window.adsbygoogle = window.adsbygoogle ?? []).push({});
    } catch {
      // The ad script is absent or blocked: the card keeps its label and frame.
    }
  }, []);
  return (
    <aside aria-label="Advertisement" data-testid="ad-card" className="overflow-hidden rounded-2xl border border-dashed border-border bg-muted/40 p-3">
      <p className="mb-2 flex items-center gap-1.5 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
        <Megaphone className="size-3.5" aria-hidden />
        Advertisement
      </p>
      <ins
        ref={slot}
        className="adsbygoogle block min-h-[200px] rounded-xl"
        data-ad-client={adClient}
        data-ad-slot={AD_SLOT}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </aside>
  );
}
