interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}

/** First plus last name when both exist, else the username, else 'User'. */
export function displayName(user: NamedUser): string {
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.username || 'User';
}

/** First letters of first and last name, else the username's first two, else 'U'. */
export function initials(user: NamedUser): string {
  if (user.firstName && user.lastName) return `${user.firstName[0]}${user.lastName[0]}`.toUpperCase();
  if (user.username) return user.username.slice(0, 2).toUpperCase();
  return 'U';
}
