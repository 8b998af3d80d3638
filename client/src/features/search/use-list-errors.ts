import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/use-toast';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

/** Reports a list's failure once: signed out → sign in again, else the spec's toast text. */
export function useListError(error: unknown, message: string): void {
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    if (isUnauthorizedError(error)) handleUnauthorized();
    else toast({ title: 'Error', description: message, variant: 'destructive' });
  }, [error, message]);
}
