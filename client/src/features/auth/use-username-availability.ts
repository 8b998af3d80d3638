import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { usernameField } from '@contract/auth';
import { USERNAME_MIN } from '@contract/limits';
import { endpointQuery } from '@/lib/call';

const DEBOUNCE_MS = 300;
const CHECK_ERROR = 'Error checking username availability';

export type UsernameStatus = { tone: 'ok' | 'bad'; message: string } | { tone: 'checking' } | null;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The live availability line under the username: nothing under 3 characters;
 * a name the format rules already refuse shows that rule's message without asking the server.
 */
export function useUsernameAvailability(username: string): UsernameStatus {
  const debounced = useDebounced(username, DEBOUNCE_MS);
  const format = usernameField.safeParse(debounced);
  const shouldCheck = debounced.length >= USERNAME_MIN && format.success;

  const check = useQuery({
    ...endpointQuery('checkUsername', { params: { username: debounced } }),
    enabled: shouldCheck,
    staleTime: 10_000,
    retry: false,
  });

  if (username.length < USERNAME_MIN) return null;
  if (username !== debounced) return { tone: 'checking' };
  if (!format.success) return { tone: 'bad', message: format.error.issues[0]?.message ?? CHECK_ERROR };
  if (check.isError) return { tone: 'bad', message: CHECK_ERROR };
  if (!check.data) return { tone: 'checking' };
  return { tone: check.data.available ? 'ok' : 'bad', message: check.data.message };
}
