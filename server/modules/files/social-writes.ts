import type { EventWriter } from '../../events/event-writer';
import type { SocialRepo } from './social.repo';

/**
 * Likes and comments with their writes: each runs in one transaction that records what it did
 * (server/events/event-table.ts: the file's card, the liker's marks, the job that notifies).
 */
export function createSocialWrites(repo: SocialRepo, events: EventWriter) {
  const setLike = (fileId: number, userId: number, liked: boolean) =>
    events.write(async (tx, emit) => {
      const { count, changed } = await repo.setLike(tx, fileId, userId, liked);
      // A repeated like or unlike changed nothing: no event.
      if (changed) emit({ type: liked ? 'like.added' : 'like.removed', fileId, userId });
      return count;
    });
  return {
    ...repo,
    /** Likes once (idempotent) and answers the file's like count. */
    like: (fileId: number, userId: number) => setLike(fileId, userId, true),
    /** Removes the like if there is one and answers the file's like count. */
    unlike: (fileId: number, userId: number) => setLike(fileId, userId, false),
    addComment: (fileId: number, userId: number, content: string) =>
      events.write(async (tx, emit) => {
        const row = await repo.insertComment(tx, fileId, userId, content);
        emit({ type: 'comment.added', commentId: row.id, fileId });
        return row;
      }),
    /** The comment, its count and its notifications go together; null when it was gone. */
    deleteComment: (id: number) =>
      events.write(async (tx, emit) => {
        const gone = await repo.deleteComment(tx, id);
        if (gone) emit({ type: 'comment.deleted', commentId: id, fileId: gone.fileId });
        return gone;
      }),
  };
}
export type Social = ReturnType<typeof createSocialWrites>;
