import { Eye, EyeOff, FilePen, MoreHorizontal, Trash2, Upload, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { FolderDto } from './folder-types';

export type FolderAction = 'upload' | 'edit' | 'collaborate' | 'visibility' | 'delete';

/**
 * The folder's actions by what the server says the viewer may do (spec 2 §2, §6): owner and
 * editors get Upload Files and Edit Files; the owner also Collaborate, Make Private/Public, Delete Folder.
 */
export function FolderActionsMenu({ folder, onAction }: { folder: FolderDto; onAction: (action: FolderAction) => void }) {
  if (!folder.canEdit && !folder.canManage && !folder.canDelete) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="rounded-full">
          <MoreHorizontal aria-hidden />
          Actions
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {folder.canEdit && (
          <>
            <DropdownMenuItem onSelect={() => onAction('upload')}><Upload aria-hidden />Upload Files</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('edit')}><FilePen aria-hidden />Edit Files</DropdownMenuItem>
          </>
        )}
        {folder.canManage && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onAction('collaborate')}><Users aria-hidden />Collaborate</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('visibility')}>
              {folder.isPublic ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {folder.isPublic ? 'Make Private' : 'Make Public'}
            </DropdownMenuItem>
          </>
        )}
        {folder.canDelete && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete')}><Trash2 aria-hidden />Delete Folder</DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
