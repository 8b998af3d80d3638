import { useCallback, useEffect, useSyncExternalStore } from 'react';

// The same key and rules as public/theme-init.js, which applies the theme before first paint.
export const THEME_STORAGE_KEY = 'kaleido-theme';
export type ThemePreference = 'light' | 'dark' | 'system';

const listeners = new Set<() => void>();
const darkQuery = '(prefers-color-scheme: dark)';

export function readThemePreference(): ThemePreference {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    if (saved === 'light' || saved === 'dark' || saved === 'system') return saved;
  } catch {
    // Storage blocked: fall back to the system theme.
  }
  return 'system';
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(darkQuery).matches;
}

export function applyTheme(preference: ThemePreference): void {
  const dark = preference === 'dark' || (preference === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

export function writeThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage blocked: the choice still applies for this page.
  }
  applyTheme(preference);
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** The member's theme choice and a setter that saves and applies it everywhere at once. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, readThemePreference, () => 'system' as ThemePreference);
  const setTheme = useCallback((next: ThemePreference) => writeThemePreference(next), []);

  // Follow the operating system while the choice is 'system'.
  useEffect(() => {
    if (theme !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(darkQuery);
    const onChange = () => applyTheme('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);

  return { theme, setTheme };
}
