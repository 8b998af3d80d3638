// The tab's title of every screen, for the client's screens and the server's visitor pages alike
// (without zod: the client's first script imports it).

export const PRODUCT_NAME = 'Kaleido';

/** `Sunset over Lisbon · Kaleido`; the product name alone when a screen has no title of its own. */
export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** `Maya Lopes (@maya)`: a member's profile as its title names them. */
export function profileTitle(name: string, username: string): string {
  return `${name} (@${username})`;
}
