import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@contract/users';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { currentUserKey } from '@/lib/auth';

type Toasts = { success: [string, string]; failure: [string, string] };

/**
 * A settings call that answers the updated member: the cached current user is replaced and
 * refreshed, then the spec's toast; a failure shows the server's message or the default.
 */
export function useAccountMutation<TInput>(call: (input: TInput) => Promise<CurrentUser>, toasts: Toasts, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserKey, user);
      toast({ title: toasts.success[0], description: toasts.success[1] });
      onDone?.();
      await queryClient.invalidateQueries({ queryKey: currentUserKey, exact: true });
    },
    onError: (error) => {
      toast({ title: toasts.failure[0], description: serverMessage(error, toasts.failure[1]), variant: 'destructive' });
    },
  });
}
