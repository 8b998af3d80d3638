// Where to go after signing in when a screen sent the visitor to sign in first (the invite page).

const KEY = 'kaleido-return-path';

/** Only a same-site path: never another origin ('//host' or 'https://…'). */
export function isSafeReturnPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberReturnPath(path: string): void {
  if (isSafeReturnPath(path)) window.sessionStorage.setItem(KEY, path);
}

/** The remembered path, once: it is forgotten as it is read. */
export function takeReturnPath(): string | null {
  const path = window.sessionStorage.getItem(KEY);
  window.sessionStorage.removeItem(KEY);
  return path && isSafeReturnPath(path) ? path : null;
}
