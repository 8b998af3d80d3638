import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { addressSearch } from '@/lib/held-location';
import { readAddressQuery, sameAddressQuery, type AddressQuery } from './search-params';

/** How often the address bar is read: every 250 ms. */
export const ADDRESS_CHECK_MS = 250;

/**
 * The `q` and `tag` of the address bar. Read at once when the app navigates (wouter), and
 * every 250 ms as the spec asks, so a change made any other way (history, another script)
 * is picked up too. While a file's dialog shows over the results, the address is the file's:
 * the query read is the page's under it (lib/held-location.ts).
 */
export function useAddressQuery(): AddressQuery {
  const routed = useSearch();
  const [query, setQuery] = useState(() => readAddressQuery(addressSearch()));

  useEffect(() => {
    function check() {
      const next = readAddressQuery(addressSearch());
      setQuery((current) => (sameAddressQuery(current, next) ? current : next));
    }
    check();
    const timer = window.setInterval(check, ADDRESS_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [routed]);

  return query;
}
