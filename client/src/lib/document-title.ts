import { useEffect } from 'react';

export const PRODUCT_NAME = 'Kaleido';

/** '{title} | Kaleido', or just the product name when there is no title. */
export function withProductName(title: string | null | undefined): string {
  return title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the tab's title while the screen is shown, and puts the product name back after. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = withProductName(title);
  }, [title]);
  useEffect(() => () => void (document.title = PRODUCT_NAME), []);
}
