import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { readAddressQuery, sameAddressQuery, type AddressQuery } from './search-params';

/** How often the address bar is read (spec 2 §9 'Search address check: 250 ms'). */
export const ADDRESS_CHECK_MS = 250;

/**
 * The `q` and `tag` of the address bar. Read at once when the app navigates (wouter), and
 * every 250 ms as the spec asks, so a change made any other way (history, another script)
 * is picked up too.
 */
export function useAddressQuery(): AddressQuery {
  const routed = useSearch();
  const [query, setQuery] = useState(() => readAddressQuery(window.location.search));

  useEffect(() => {
    function check() {
      const next = readAddressQuery(window.location.search);
      setQuery((current) => (sameAddressQuery(current, next) ? current : next));
    }
    check();
    const timer = window.setInterval(check, ADDRESS_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [routed]);

  return query;
}
