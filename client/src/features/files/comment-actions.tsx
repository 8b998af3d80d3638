import { Trash2 } from 'lucide-react';
import type { CommentDto } from '@contract/files';
import { Button } from '@/components/ui/button';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { MemberMenu } from '@/features/safety/member-menu';
import { useAuth } from '@/lib/auth';
import { useDeleteComment } from './use-file-detail';

/**
 * A comment's menu: Delete for its author, the file's owner and admins (as the server decides:
 * docs/features.md "Deleting a comment"), Block for another member's comment.
 */
export function useCommentActions(fileId: number, fileOwnerId: number) {
  const { user } = useAuth();
  const remove = useDeleteComment(fileId);
  return (comment: CommentDto) => {
    if (!user) return null;
    const mine = comment.user.id === user.id;
    const canDelete = mine || fileOwnerId === user.id || user.isAdmin;
    const deleteItem = canDelete && (
      <DropdownMenuItem variant="destructive" disabled={remove.isPending} onSelect={() => remove.mutate(comment.id)}>
        <Trash2 aria-hidden />
        Delete comment
      </DropdownMenuItem>
    );
    if (mine) {
      return (
        <Button variant="ghost" size="icon-sm" aria-label="Delete comment" className="rounded-full text-muted-foreground" disabled={remove.isPending} onClick={() => remove.mutate(comment.id)}>
          <Trash2 aria-hidden />
        </Button>
      );
    }
    return (
      <MemberMenu member={comment.user} report={{ type: 'comment', id: comment.id, noun: 'comment' }} label={`More actions for the comment of @${comment.user.username}`} className="size-8 text-muted-foreground">
        {deleteItem}
      </MemberMenu>
    );
  };
}
