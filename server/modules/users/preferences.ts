import { mergePreferences } from '../../../contract/settings';

/**
 * The headers a member's public pages carry: `X-Robots-Tag: noindex` when they deny search
 * indexing. Takes the stored (raw) preferences, so a route can pass `user.preferences` as read.
 */
export function robotsHeaderFor(storedPreferences: unknown): Record<string, string> {
  return mergePreferences(storedPreferences).searchIndexing === 'deny' ? { 'x-robots-tag': 'noindex' } : {};
}
