import { format } from 'date-fns';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { CommentList } from './comment-list';
import { MentionSuggestions } from './mention-suggestions';
import { MoreComments, useCommentThread } from './comment-thread';

function commentDate(iso: string): string {
  return format(new Date(iso), 'MMM d, h:mm a');
}

/** The detail dialog's Comments tab: the list, then 'Add a comment...' with Send ('Sending...'). */
export function DialogComments({ fileId, ownerId }: { fileId: number; ownerId: number }) {
  const { actions, list, text, setText, onSubmit, canSend, sending } = useCommentThread(fileId, ownerId, { sendAsTyped: true });

  return (
    <div className="flex flex-col gap-4">
      <CommentList comments={list.comments} isLoading={list.isLoading} emptyText="No comments yet. Be the first to comment!" formatDate={commentDate} actions={actions} />
      <MoreComments list={list} className="self-center" />
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
        <Button type="submit" disabled={!canSend}>
          <Send aria-hidden />
          {sending ? 'Sending...' : 'Send'}
        </Button>
      </form>
    </div>
  );
}
