import { UNAUTHORIZED_REDIRECT_MS } from '@contract/limits';
import { endpointUrl } from './call';
import { toast } from '@/components/ui/use-toast';

/** An error from a call the server refused because the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401: ') && error.message.includes('Unauthorized');
}

/** Tells the member they are signed out, then sends them to sign in. */
export function handleUnauthorized(): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  window.setTimeout(() => {
    window.location.href = endpointUrl('openLogIn');
  }, UNAUTHORIZED_REDIRECT_MS);
}
