import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/call';

/** Members and tags to follow on a quiet feed (GET /api/suggestions), fresh for a minute. */
export function useSuggestions(enabled = true) {
  return useQuery({ ...endpointQuery('getSuggestions'), staleTime: 60_000, enabled });
}

const HIDDEN_KEY = 'kaleido-first-run-hidden';

/** Whether the member closed a first-run card (`suggestions`, `folder-hint`) on this browser. */
export function firstRunHidden(card: string): boolean {
  try {
    return window.localStorage.getItem(`${HIDDEN_KEY}:${card}`) === '1';
  } catch {
    return false;
  }
}

export function hideFirstRun(card: string): void {
  try {
    window.localStorage.setItem(`${HIDDEN_KEY}:${card}`, '1');
  } catch {
    // Private mode without storage: the card comes back on the next visit, nothing worse.
  }
}
