import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@contract/users';
import { toast } from '@/components/ui/use-toast';
import { currentUserKey } from '@/lib/auth';
import { landingAfterSignIn } from '@/features/settings/preferences';
import { takeReturnPath } from '@/lib/return-path';

/** What every way in does once the server answered the member ('Welcome back!'). */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return async (user: CurrentUser) => {
    // The member's default landing page decides where sign-in lands; read before the session
    // switches the screen, so the route changes once.
    const landing = takeReturnPath() ?? (await landingAfterSignIn(queryClient, user));
    queryClient.setQueryData(currentUserKey, user);
    navigate(landing);
    toast({ title: 'Welcome back!', description: 'You have been logged in successfully.' });
    await queryClient.invalidateQueries({ queryKey: currentUserKey, exact: true });
  };
}
