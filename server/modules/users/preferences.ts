import { sql, type SQL } from 'drizzle-orm';
import { mergePreferences } from '../../../contract/settings';
import { users } from '../../db/schema/index';

/** Whether a member lets search engines index their public pages (Settings → Privacy & Content). Takes the stored (raw) preferences. */
export function allowsIndexing(storedPreferences: unknown): boolean {
  return mergePreferences(storedPreferences).searchIndexing !== 'deny';
}

/**
 * The headers a member's public pages carry: `X-Robots-Tag: noindex` when they deny search
 * indexing. Takes the stored (raw) preferences, so a route can pass `user.preferences` as read.
 */
export function robotsHeaderFor(storedPreferences: unknown): Record<string, string> {
  return allowsIndexing(storedPreferences) ? {} : { 'x-robots-tag': 'noindex' };
}

/** `allowsIndexing` as a condition on `users`, for the sitemap's rows. */
export function allowsIndexingSql(): SQL {
  return sql`coalesce(${users.preferences}->>'searchIndexing', 'allow') <> 'deny'`;
}
