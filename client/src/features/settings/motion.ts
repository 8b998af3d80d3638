import { useSyncExternalStore } from 'react';

// The member's 'Reduce motion' choice is kept on this device too, so the signed-out pages
// (landing, sign-in slideshow) honour it after sign-out, like the theme.
export const REDUCE_MOTION_STORAGE_KEY = 'kaleido-reduce-motion';
const osQuery = '(prefers-reduced-motion: reduce)';

export function applyReduceMotion(reduce: boolean): void {
  if (reduce) document.documentElement.dataset.reduceMotion = 'true';
  else delete document.documentElement.dataset.reduceMotion;
}

export function readStoredReduceMotion(): boolean {
  try {
    return window.localStorage.getItem(REDUCE_MOTION_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function saveReduceMotion(reduce: boolean): void {
  try {
    if (reduce) window.localStorage.setItem(REDUCE_MOTION_STORAGE_KEY, 'true');
    else window.localStorage.removeItem(REDUCE_MOTION_STORAGE_KEY);
  } catch {
    // Storage blocked: the choice still applies for this page.
  }
  applyReduceMotion(reduce);
}

export function motionIsReduced(): boolean {
  const os = typeof window.matchMedia === 'function' && window.matchMedia(osQuery).matches;
  return os || document.documentElement.dataset.reduceMotion === 'true';
}

function subscribe(notify: () => void): () => void {
  const observer = new MutationObserver(notify);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-reduce-motion'] });
  const list = typeof window.matchMedia === 'function' ? window.matchMedia(osQuery) : null;
  list?.addEventListener('change', notify);
  return () => {
    observer.disconnect();
    list?.removeEventListener('change', notify);
  };
}

/** True when the OS asks for less motion or the member chose 'Reduce motion'; for motion driven by script. */
export function useMotionReduced(): boolean {
  return useSyncExternalStore(subscribe, motionIsReduced, () => false);
}
