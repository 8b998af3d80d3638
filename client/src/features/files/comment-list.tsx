import type { ReactNode } from 'react';
import { MessageCircle } from 'lucide-react';
import { AppPostText } from '@/components/app-post-text';
import type { CommentDto } from '@contract/files';
import { Spinner } from '@/components/ui/spinner';
import { displayName } from '@/lib/user-display';
import { PersonAvatar } from './file-meta';

/** Comments oldest first, each with its author, a date (as `formatDate` shapes it) and the text. */
export function CommentList({
  comments,
  isLoading,
  emptyText,
  formatDate,
  actions,
}: {
  comments: CommentDto[];
  isLoading: boolean;
  emptyText: string;
  formatDate: (iso: string) => string;
  /** What the viewer may do with one comment (delete, block its author), beside it. */
  actions?: (comment: CommentDto) => ReactNode;
}) {
  if (isLoading) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  if (comments.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
        <MessageCircle className="size-6 opacity-60" aria-hidden />
        <p>{emptyText}</p>
      </div>
    );
  }
  return (
    <ol className="space-y-4" aria-label="Comments">
      {comments.map((comment) => (
        <li key={comment.id} className="flex gap-3" data-testid="comment">
          <PersonAvatar user={comment.user} className="size-8" />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold">{displayName(comment.user)}</span>
              <time dateTime={comment.createdAt} className="text-xs text-muted-foreground">
                {formatDate(comment.createdAt)}
              </time>
            </p>
            <p className="mt-0.5 text-sm break-words whitespace-pre-wrap"><AppPostText text={comment.content} /></p>
          </div>
          {actions?.(comment)}
        </li>
      ))}
    </ol>
  );
}
