import { Eye, EyeOff, FilePen, MoreHorizontal, ShieldCheck, Trash2, Upload, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import type { FolderDto } from './folder-types';
import type { FolderVisibility } from './use-folder-mutations';

export type FolderAction = 'upload' | 'edit' | 'collaborate' | 'delete' | { visibility: FolderVisibility };

function currentVisibility(folder: FolderDto): FolderVisibility {
  return folder.isAdminOnly ? 'admin' : folder.isPublic ? 'public' : 'private';
}

/**
 * The visibilities the owner may switch to: the other of public and private, and for an admin
 * every one but the current, admin-only included. Members never see it.
 */
export function visibilityChoices(folder: FolderDto, viewerIsAdmin: boolean): FolderVisibility[] {
  const current = currentVisibility(folder);
  if (!viewerIsAdmin) return [folder.isPublic ? 'private' : 'public'];
  return (['public', 'private', 'admin'] as const).filter((v) => v !== current);
}

const CHOICE = {
  public: { label: 'Make Public', icon: Eye },
  private: { label: 'Make Private', icon: EyeOff },
  admin: { label: 'Make Admin-only', icon: ShieldCheck },
} as const;

/**
 * The folder's actions by what the server says the viewer may do: owner and
 * editors get Upload Files and Edit Files; the owner also Collaborate, Make Private/Public (and,
 * for an admin, Make Admin-only), Delete Folder.
 */
export function FolderActionsMenu({ folder, viewerIsAdmin, onAction }: { folder: FolderDto; viewerIsAdmin: boolean; onAction: (action: FolderAction) => void }) {
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
            {visibilityChoices(folder, viewerIsAdmin).map((to) => {
              const { label, icon: Icon } = CHOICE[to];
              return (
                <DropdownMenuItem key={to} onSelect={() => onAction({ visibility: to })}>
                  <Icon aria-hidden />
                  {label}
                </DropdownMenuItem>
              );
            })}
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
