import { SUGGESTED_MEMBERS, SUGGESTED_TAGS } from '../../../contract/suggestions';
import { visibleProfilesSql } from '../../access/profile-access';
import type { Viewer } from '../../access/viewer';
import { visibleFilesSql } from '../../access/visibility';
import type { SuggestionsRepo } from './suggestions.repo';

/**
 * The first run's suggestions. Only what every visitor may see picks them: public files (no
 * NSFW, as on the visitors' showcases), so a private file never shows through a count or a tag.
 */
export function createSuggestionsService(d: { suggestions: SuggestionsRepo }) {
  return {
    async forMember(viewer: NonNullable<Viewer>) {
      const openFiles = visibleFilesSql(null, { excludeNsfw: true });
      const [members, tags] = await Promise.all([
        d.suggestions.members(viewer.id, openFiles, visibleProfilesSql(viewer), SUGGESTED_MEMBERS),
        d.suggestions.tags(openFiles, SUGGESTED_TAGS),
      ]);
      return { members, tags };
    },
  };
}
export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
