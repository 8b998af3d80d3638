import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useCommentActions } from './comment-actions';
import { useAddComment, useComments } from './use-file-detail';

/**
 * A file's comments as both Comments tabs show them (the detail dialog's and the file page's):
 * the pages loaded so far with each comment's menu, and the box's text with its submit.
 * `sendAsTyped`: the dialog sends the text as typed, the page trims it first (blank never goes).
 */
export function useCommentThread(fileId: number, ownerId: number, { sendAsTyped = false } = {}) {
  const actions = useCommentActions(fileId, ownerId);
  const list = useComments(fileId);
  const addComment = useAddComment(fileId);
  const [text, setText] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    addComment.mutate(sendAsTyped ? text : content, { onSuccess: () => setText('') });
  }

  return { actions, list, text, setText, onSubmit, canSend: text.trim() !== '' && !addComment.isPending, sending: addComment.isPending };
}

/** 'Show more comments' while the thread has older pages ('Loading...' while one comes). */
export function MoreComments({ list, className }: { list: ReturnType<typeof useComments>; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="ghost" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage} className={className}>
      {list.isFetchingNextPage ? 'Loading...' : 'Show more comments'}
    </Button>
  );
}
