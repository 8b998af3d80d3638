import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/call';

const AD_SCRIPT_ATTR = 'data-kaleido-ads';

/** Loads the ad network script once per page, and only when the server names an ad client. */
export function useAdScript(): void {
  const { data: config } = useQuery(endpointQuery('getConfig'));
  const adClient = config?.adClient;

  useEffect(() => {
    if (!adClient || document.querySelector(`script[${AD_SCRIPT_ATTR}]`)) return;
    const script = document.createElement('script');
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(adClient)}`;
    script.setAttribute(AD_SCRIPT_ATTR, '');
    script.onerror = () => console.error('Failed to load the advertising script');
    document.head.appendChild(script);
  }, [adClient]);
}
