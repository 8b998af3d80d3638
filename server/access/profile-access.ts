import { and, eq, sql, type SQL } from 'drizzle-orm';
import { mergePreferences } from '../../contract/settings';
import { users } from '../db/schema/index';
import { notHiddenOwnerSql } from './blocks';
import type { Viewer } from './viewer';

/**
 * Whose profile page a viewer may open (docs/decisions/031): members see every active
 * member; visitors (signed out) only active members who leave "Show my profile to visitors" on,
 * the default. A hidden profile answers the same 404 as a missing one. Their public files stay
 * reachable by their own links: this rule is about the profile (its page, its feed, its row in
 * the sitemap), not about the files.
 */

/** The columns the decision reads. */
export type ProfileAccessFields = { status: string; preferences: unknown; suspendedAt?: Date | null };

/** The rule for one loaded member row. */
export function canViewProfile(user: ProfileAccessFields, viewer: Viewer): boolean {
  if (user.status !== 'active') return false;
  if (user.suspendedAt && !viewer?.isAdmin) return false;
  return viewer !== null || mergePreferences(user.preferences).showProfileToVisitors;
}

/** The same rule as a WHERE condition on `users`, for lists (the sitemap). */
export function visibleProfilesSql(viewer: Viewer): SQL {
  // No member a block or a suspension hides from this viewer (server/access/blocks.ts).
  const active = and(eq(users.status, 'active'), notHiddenOwnerSql(users.id, viewer))!;
  if (viewer) return active;
  // A stored value that is not a boolean counts as the default (on), as mergePreferences reads it.
  return and(active, sql`coalesce(${users.preferences}->'showProfileToVisitors', 'true'::jsonb) <> 'false'::jsonb`)!;
}
