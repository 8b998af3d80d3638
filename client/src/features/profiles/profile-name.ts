// The user display rules, kept free of React so they can be tested alone.

export interface ProfileNameFields {
  firstName?: string | null;
  lastName?: string | null;
  /** Present only on the viewer's own record: nobody else's email ever reaches the client. */
  email?: string | null;
}

function clean(value: string | null | undefined): string {
  return value?.trim() ?? '';
}

/**
 * First plus last name when both exist, else the first name, else the email, else `fallback`
 * ('Anonymous User' on the profile page, 'Anonymous' in lists).
 */
export function profileDisplayName(user: ProfileNameFields, fallback = 'Anonymous User'): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  return clean(user.email) || fallback;
}

/** First letters of first and last name, else the first letter of the first name or email, else 'U'. */
export function profileInitials(user: ProfileNameFields): string {
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  const single = first || clean(user.email);
  return single ? single[0].toUpperCase() : 'U';
}

/** '1 follower', '2 followers', '1,204 followers': counts read as words, not bare numbers. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}
