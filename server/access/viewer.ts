/**
 * Who asks: a signed-in member (an admin or not) or a visitor (null). Its own file so that
 * visibility.ts and folder-access.ts, which use each other's rules, share it without a cycle.
 */
export type Viewer = { id: number; isAdmin?: boolean } | null;
