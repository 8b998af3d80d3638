import { navigate, useLocationProperty } from 'wouter/use-browser-location';
import { screens } from '@contract/screens';

// Links that hold their place (docs/decisions/031): a file opened from a grid puts its own
// address, /file/{id}, in the address bar while its dialog shows over the grid. The page under it
// stays where it was: the history entry carries the address of that page, which the router keeps
// showing, and the open file's id, which the dialog host reads. Back pops the entry: the dialog
// closes and the grid is as it was, scroll included. A reload at /file/{id} shows the file's page.

const UNDER = 'kaleidoUnder';
const FILE = 'kaleidoFile';
type HeldState = { [UNDER]?: string; [FILE]?: number };

function held(): HeldState | null {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' ? (state as HeldState) : null;
}

/** The address of the page under an open dialog, or null when none is open. */
function heldHref(): string | null {
  const under = held()?.[UNDER];
  return typeof under === 'string' ? under : null;
}

/** The page's path as the router sees it: the page under the dialog while one is open. */
export function addressPathname(): string {
  const under = heldHref();
  return under === null ? window.location.pathname : new URL(under, window.location.origin).pathname;
}

/** The page's query (`?q=…`) as the router sees it: the page under the dialog while one is open. */
export function addressSearch(): string {
  const under = heldHref();
  return under === null ? window.location.search : new URL(under, window.location.origin).search;
}

/** wouter's location hook for the app's router: the browser's location, holding the page under an open dialog. */
export function useHeldLocation(): [string, typeof navigate] {
  return [useLocationProperty(addressPathname), navigate];
}

/** wouter's search hook, the same way. */
export function useHeldSearch(): string {
  return useLocationProperty(addressSearch);
}

function openFileId(): number | null {
  const id = held()?.[FILE];
  return typeof id === 'number' && heldHref() !== null ? id : null;
}

/** The id of the file whose dialog is open over the page, or null. */
export function useOpenFileId(): number | null {
  return useLocationProperty(openFileId);
}

/** Opens a file's dialog over the page: a new history entry at /file/{id}. */
export function openFileOver(id: number): void {
  const under = heldHref() ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;
  window.history.pushState({ [UNDER]: under, [FILE]: id } satisfies HeldState, '', screens.file(id));
}

/** Shows another file in the open dialog ("More like this"): the address follows, Back still closes. */
export function showFileInPlace(id: number): void {
  const under = heldHref();
  if (under === null) return;
  window.history.replaceState({ [UNDER]: under, [FILE]: id } satisfies HeldState, '', screens.file(id));
}

/**
 * Closes the open dialog as Back would. A link inside the dialog (a tag, the owner) closes it too,
 * but navigates first: after that click the entry is no longer the dialog's, and going back would
 * undo the navigation, so the check waits for the click to finish.
 */
export function closeFileDialog(): void {
  const id = openFileId();
  if (id === null) return;
  window.setTimeout(() => {
    if (openFileId() === id) window.history.back();
  }, 0);
}

/**
 * At start: a reload (or a restored tab) at /file/{id} shows the file's own page, not a grid whose
 * dialog state is gone, so the held page is forgotten.
 */
export function forgetHeldPageAtStart(): void {
  if (heldHref() !== null) window.history.replaceState(null, '', window.location.href);
}
