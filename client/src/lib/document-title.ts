import { useEffect, useRef } from 'react';
import { pageTitle, PRODUCT_NAME } from '@contract/page-titles';

export { PRODUCT_NAME };

/** The search screen's own rule: 'Search | Tessa | 1 result' plus the product name, as it always read. */
export function searchDocumentTitle(title: string | null | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

// Titles of what is on screen, innermost last: a dialog's title (a file opened over a grid)
// covers its page's while it shows, and the page's comes back when it closes.
const stack: { id: number; text: string }[] = [];
let nextId = 0;

function show(): void {
  document.title = stack.at(-1)?.text ?? PRODUCT_NAME;
}

/**
 * Sets the tab's title while the screen (or dialog) is shown: `Sunset over Lisbon · Kaleido`, the
 * product name alone for null. `format` is for the search screen's own rule.
 */
export function useDocumentTitle(title: string | null | undefined, format: (title: string | null | undefined) => string = pageTitle): void {
  const id = useRef<number | null>(null);
  if (id.current === null) id.current = ++nextId;
  const text = format(title);
  useEffect(() => {
    const key = id.current!;
    const at = stack.findIndex((entry) => entry.id === key);
    if (at === -1) stack.push({ id: key, text });
    else stack[at] = { id: key, text };
    show();
  }, [text]);
  useEffect(() => {
    const key = id.current!;
    return () => {
      const at = stack.findIndex((entry) => entry.id === key);
      if (at !== -1) stack.splice(at, 1);
      show();
    };
  }, []);
}
