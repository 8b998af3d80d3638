import type { safetyEndpoints } from '../../../contract/api/safety';
import { safetyMessages } from '../../../contract/safety';
import { findVisibleFile } from '../../access/visibility';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { HandlersFor } from '../../plugins/endpoints';
import type { FilesRepo } from '../files/files.repo';
import type { Social } from '../files/social-writes';

export type CommentModerationDeps = { social: Pick<Social, 'findComment' | 'deleteComment'>; files: Pick<FilesRepo, 'findOneWhere'> };

/**
 * Deleting a comment (docs/decisions/028-safety-kit.md): its author, the owner of the file it is
 * on, or an admin. Anyone else who can see it gets 403; one who cannot see the file, the 404 of
 * a missing comment.
 */
export function commentModerationHandlers(d: CommentModerationDeps): HandlersFor<Pick<typeof safetyEndpoints, 'deleteComment'>> {
  return {
    deleteComment: async (request) => {
      const viewer = request.user;
      const found = await d.social.findComment(request.params.id);
      if (!found) throw new NotFoundError(safetyMessages.commentNotFound);
      if (!viewer.isAdmin) {
        const file = await findVisibleFile(d.files, found.comment.fileId, viewer).catch(() => {
          throw new NotFoundError(safetyMessages.commentNotFound);
        });
        if (found.comment.userId !== viewer.id && file.userId !== viewer.id) throw new ForbiddenError(safetyMessages.cannotDeleteComment);
      }
      await d.social.deleteComment(found.comment.id);
      return { message: safetyMessages.commentDeleted };
    },
  };
}
