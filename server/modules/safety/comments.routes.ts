import type { safetyEndpoints } from '../../../contract/api/safety';
import { safetyMessages } from '../../../contract/safety';
import type { HandlersFor } from '../../plugins/endpoints';
import type { CommentModerationService } from './comment-moderation.service';

/** Deleting a comment (server/modules/safety/comment-moderation.service.ts says who may). */
export function commentModerationHandlers(d: { comments: CommentModerationService }): HandlersFor<Pick<typeof safetyEndpoints, 'deleteComment'>> {
  return {
    deleteComment: async (request) => {
      await d.comments.deleteComment(request.user, request.params.id);
      return { message: safetyMessages.commentDeleted };
    },
  };
}
