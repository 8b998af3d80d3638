import { useEffect, useRef } from 'react';
import type { Preferences } from '@contract/settings';
import { useAuth } from '@/lib/auth';
import { useTheme, writeThemePreference } from '@/lib/theme';
import { applyReduceMotion, readStoredReduceMotion, saveReduceMotion } from './motion';
import { useLoadedPreferences, useUpdatePreferences } from './preferences';
import './reduce-motion.css';

// Before the first render: the device's last known choice, so the landing page never starts moving.
if (typeof document !== 'undefined') applyReduceMotion(readStoredReduceMotion());

function setRobotsNoindex(on: boolean): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"][data-kaleido]');
  if (!on) {
    meta?.remove();
    return;
  }
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'robots';
    meta.dataset.kaleido = 'search-indexing';
    document.head.append(meta);
  }
  meta.content = 'noindex';
}

/**
 * Makes the signed-in member's stored preferences take effect app-wide: theme (saved to the
 * device for the pre-paint script), reduce motion, and `noindex` when they deny search indexing.
 * A theme picked elsewhere (the avatar menu) is saved back to the account.
 */
export function PreferencesEffect() {
  const { user } = useAuth();
  const preferences = useLoadedPreferences();
  const { theme } = useTheme();
  const save = useUpdatePreferences();
  const applied = useRef<Preferences | null>(null);

  useEffect(() => {
    if (!user || !preferences) return;
    if (applied.current?.theme !== preferences.theme) writeThemePreference(preferences.theme);
    saveReduceMotion(preferences.reduceMotion);
    setRobotsNoindex(preferences.searchIndexing === 'deny');
    applied.current = preferences;
  }, [user, preferences]);

  // Acts on a change of the device theme only (not on sign-in): the stored value was applied
  // above, so a difference here is a choice the member just made.
  const { mutate } = save;
  const lastTheme = useRef(theme);
  useEffect(() => {
    if (lastTheme.current === theme) return;
    lastTheme.current = theme;
    const known = applied.current;
    if (!user || !known || known.theme === theme) return;
    applied.current = { ...known, theme };
    mutate({ theme });
  }, [theme, user, mutate]);

  useEffect(() => {
    if (!user) setRobotsNoindex(false);
  }, [user]);

  return null;
}
