import { safetyMessages } from '../../../contract/safety';
import type { Viewer } from '../../access/viewer';
import { findVisibleFile } from '../../access/visibility';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { FilesRepo } from '../files/files.repo';
import type { Social } from '../files/social-writes';

export type CommentModerationDeps = { social: Pick<Social, 'findComment' | 'deleteComment'>; files: Pick<FilesRepo, 'findOneWhere'> };

/**
 * Deleting a comment (docs/decisions/028-safety-kit.md): its author, the owner of the file it is
 * on, or an admin. Anyone else who can see it gets 403; one who cannot see the file, the 404 of
 * a missing comment.
 */
export function createCommentModerationService(d: CommentModerationDeps) {
  return {
    async deleteComment(viewer: NonNullable<Viewer>, id: number): Promise<void> {
      const found = await d.social.findComment(id);
      if (!found) throw new NotFoundError(safetyMessages.commentNotFound);
      if (!viewer.isAdmin) {
        const file = await findVisibleFile(d.files, found.comment.fileId, viewer).catch(() => {
          throw new NotFoundError(safetyMessages.commentNotFound);
        });
        if (found.comment.userId !== viewer.id && file.userId !== viewer.id) throw new ForbiddenError(safetyMessages.cannotDeleteComment);
      }
      await d.social.deleteComment(found.comment.id);
    },
  };
}
export type CommentModerationService = ReturnType<typeof createCommentModerationService>;
