/**
 * Focus goes back to what opened a dialog when it closes (decision 030): a dialog opened from
 * state, not from a Radix trigger, would otherwise leave focus on the body, and a keyboard
 * member would start again from the top of the page.
 */

/** The element that has focus now (the button or card being pressed), if it is one that can take it back. */
export function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/** Focuses `opener` again if it is still on the page; true when it did (callers then keep Radix from focusing the body). */
export function returnFocus(opener: HTMLElement | null): boolean {
  if (!opener?.isConnected) return false;
  opener.focus({ preventScroll: true });
  return document.activeElement === opener;
}
