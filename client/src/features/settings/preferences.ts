import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Preferences, PreferencesPatch } from '@contract/settings';
import { defaultPreferences } from '@contract/settings-defaults';
import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { call, endpointQuery } from '@/lib/call';

const preferencesQuery = endpointQuery('getPreferences');
export const preferencesKey = preferencesQuery.queryKey;

/**
 * The signed-in member's stored preferences, or the spec defaults while signed out or loading.
 * The notification bell reads `hideNotificationCounter` here; file cards read `nsfw`.
 */
export function usePreferences(): Preferences {
  const { user } = useAuth();
  const { data } = useQuery({ ...preferencesQuery, enabled: user !== null });
  return user && data ? data : defaultPreferences;
}

/** Like `usePreferences`, but undefined until the member's own values have arrived. */
export function useLoadedPreferences(): Preferences | undefined {
  const { user } = useAuth();
  return useQuery({ ...preferencesQuery, enabled: user !== null }).data;
}

/** Saves a subset of the preferences; the screen shows the change at once and undoes it if the save fails. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => call('updatePreferences', { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      const previous = queryClient.getQueryData<Preferences>(preferencesKey);
      queryClient.setQueryData<Preferences>(preferencesKey, { ...(previous ?? defaultPreferences), ...patch });
      return { previous };
    },
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
    onError: (error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesKey, context.previous);
      toast({ title: 'Update failed', description: serverMessage(error, 'Failed to update preferences'), variant: 'destructive' });
    },
  });
}

/** Where sign-in lands (the default landing page preference): the feed, explore (/search) or the member's profile. */
export function landingPathFor(preferences: Pick<Preferences, 'defaultLandingPage'>, user: Pick<CurrentUser, 'id'>): string {
  switch (preferences.defaultLandingPage) {
    case 'explore':
      return screens.search();
    case 'profile':
      return screens.profile(user.id);
    default:
      return screens.home();
  }
}

/** Reads the new session's preferences (kept in the cache) and answers the landing path; the feed if they cannot be read. */
export async function landingAfterSignIn(queryClient: QueryClient, user: CurrentUser): Promise<string> {
  try {
    const preferences = await queryClient.fetchQuery({ ...preferencesQuery, staleTime: 0 });
    return landingPathFor(preferences, user);
  } catch {
    return screens.home();
  }
}
