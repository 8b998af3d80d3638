import type { suggestionEndpoints } from '../../../contract/api/suggestions';
import type { HandlersFor } from '../../plugins/endpoints';
import { toPublicUser } from '../users/users.presenter';
import type { SuggestionsService } from './suggestions.service';

/** `getSuggestions` (what picks them: server/modules/suggestions/suggestions.service.ts). */
export function suggestionHandlers(d: { suggestions: SuggestionsService }): HandlersFor<typeof suggestionEndpoints> {
  return {
    getSuggestions: async (request) => {
      const { members, tags } = await d.suggestions.forMember(request.user);
      return { members: members.map((m) => ({ ...m, user: toPublicUser(m.user) })), tags };
    },
  };
}
