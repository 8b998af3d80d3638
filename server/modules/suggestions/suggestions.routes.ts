import type { suggestionEndpoints } from '../../../contract/api/suggestions';
import { SUGGESTED_MEMBERS, SUGGESTED_TAGS } from '../../../contract/suggestions';
import { visibleProfilesSql } from '../../access/profile-access';
import { visibleFilesSql } from '../../access/visibility';
import type { HandlersFor } from '../../plugins/endpoints';
import { toPublicUser } from '../users/users.presenter';
import type { SuggestionsRepo } from './suggestions.repo';

/**
 * `getSuggestions`. Only what every visitor may see picks them: public files (no NSFW, as on
 * the visitors' showcases), so a private file never shows through a count or a tag.
 */
export function suggestionHandlers(d: { suggestions: SuggestionsRepo }): HandlersFor<typeof suggestionEndpoints> {
  return {
    getSuggestions: async (request) => {
      const viewer = request.user;
      const openFiles = visibleFilesSql(null, { excludeNsfw: true });
      const [members, tags] = await Promise.all([
        d.suggestions.members(viewer.id, openFiles, visibleProfilesSql(viewer), SUGGESTED_MEMBERS),
        d.suggestions.tags(openFiles, SUGGESTED_TAGS),
      ]);
      return { members: members.map((m) => ({ ...m, user: toPublicUser(m.user) })), tags };
    },
  };
}
