import { format } from 'date-fns';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { useCommentActions } from './comment-actions';
import { CommentList } from './comment-list';
import { MentionSuggestions } from './mention-suggestions';
import { useAddComment, useComments } from './use-file-detail';

function commentDate(iso: string): string {
  return format(new Date(iso), 'MMM d, h:mm a');
}

/** The detail dialog's Comments tab: the list, then 'Add a comment...' with Send ('Sending...'). */
export function DialogComments({ fileId, ownerId }: { fileId: number; ownerId: number }) {
  const actions = useCommentActions(fileId, ownerId);
  const { comments, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage } = useComments(fileId);
  const addComment = useAddComment(fileId);
  const [text, setText] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    // The dialog sends the comment as typed.
    addComment.mutate(text, { onSuccess: () => setText('') });
  }

  return (
    <div className="flex flex-col gap-4">
      <CommentList comments={comments} isLoading={isLoading} emptyText="No comments yet. Be the first to comment!" formatDate={commentDate} actions={actions} />
      {hasNextPage && (
        <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} className="self-center">
          {isFetchingNextPage ? 'Loading...' : 'Show more comments'}
        </Button>
      )}
      <MentionSuggestions text={text} onPick={setText} />
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Add a comment..."
          aria-label="Add a comment"
          rows={2}
          maxLength={2000}
          className="min-h-11 flex-1 resize-none"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) onSubmit(event);
          }}
        />
        <Button type="submit" disabled={!text.trim() || addComment.isPending}>
          <Send aria-hidden />
          {addComment.isPending ? 'Sending...' : 'Send'}
        </Button>
      </form>
    </div>
  );
}
