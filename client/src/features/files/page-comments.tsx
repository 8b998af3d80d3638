import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { CommentList } from './comment-list';
import { MentionSuggestions } from './mention-suggestions';
import { relativeAge } from './format';
import { MoreComments, useCommentThread } from './comment-thread';

/** The file page's Comments tab: 'Comments (n)', a box with Post Comment, then the list. */
export function PageComments({ fileId, ownerId, count }: { fileId: number; ownerId: number; count: number }) {
  const { actions, list, text, setText, onSubmit, canSend, sending } = useCommentThread(fileId, ownerId);

  return (
    <div className="space-y-5">
      <h2 className="text-lg font-semibold">Comments ({count})</h2>
      <form onSubmit={onSubmit} className="space-y-2">
        <Textarea value={text} onChange={(event) => setText(event.target.value)} placeholder="Add a comment..." aria-label="Add a comment" rows={3} maxLength={2000} />
        <MentionSuggestions text={text} onPick={setText} />
        <div className="flex justify-end">
          <Button type="submit" disabled={!canSend}>
            {sending ? 'Posting...' : 'Post Comment'}
          </Button>
        </div>
      </form>
      <CommentList comments={list.comments} isLoading={list.isLoading} emptyText="No comments yet" formatDate={(iso) => relativeAge(iso)} actions={actions} />
      <MoreComments list={list} />
    </div>
  );
}
