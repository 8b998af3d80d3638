import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCommentActions } from './comment-actions';
import { CommentList } from './comment-list';
import { MentionSuggestions } from './mention-suggestions';
import { relativeAge } from './format';
import { useAddComment, useComments } from './use-file-detail';

/** The file page's Comments tab: 'Comments (n)', a box with Post Comment, then the list. */
export function PageComments({ fileId, ownerId, count }: { fileId: number; ownerId: number; count: number }) {
  const actions = useCommentActions(fileId, ownerId);
  const { comments, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage } = useComments(fileId);
  const addComment = useAddComment(fileId);
  const [text, setText] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    addComment.mutate(content, { onSuccess: () => setText('') });
  }

  return (
    <div className="space-y-5">
      <h2 className="text-lg font-semibold">Comments ({count})</h2>
      <form onSubmit={onSubmit} className="space-y-2">
        <Textarea value={text} onChange={(event) => setText(event.target.value)} placeholder="Add a comment..." aria-label="Add a comment" rows={3} maxLength={2000} />
        <MentionSuggestions text={text} onPick={setText} />
        <div className="flex justify-end">
          <Button type="submit" disabled={!text.trim() || addComment.isPending}>
            {addComment.isPending ? 'Posting...' : 'Post Comment'}
          </Button>
        </div>
      </form>
      <CommentList comments={comments} isLoading={isLoading} emptyText="No comments yet" formatDate={(iso) => relativeAge(iso)} actions={actions} />
      {hasNextPage && (
        <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {isFetchingNextPage ? 'Loading...' : 'Show more comments'}
        </Button>
      )}
    </div>
  );
}
