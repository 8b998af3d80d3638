import { ArrowLeft, FolderX } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@contract/users';
import { screens } from '@contract/screens';
import { AppLayout } from '@/components/layout/app-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { CollaborateDialog } from '@/features/folders/collaborate-dialog';
import { ConfirmDialog } from '@/features/folders/confirm-dialog';
import { EditFilesDialog } from '@/features/folders/edit-files-dialog';
import { FolderActionsMenu, type FolderAction } from '@/features/folders/folder-actions-menu';
import { FolderDropZone, type FolderDropZoneHandle } from '@/features/folders/folder-drop-zone';
import { FolderFiles } from '@/features/folders/folder-files';
import { FolderHeader } from '@/features/folders/folder-header';
import type { FolderDto } from '@/features/folders/folder-types';
import { useDeleteFolder, useSetFolderVisibility } from '@/features/folders/use-folder-mutations';
import { useFolder } from '@/features/folders/use-folders';
import { useDocumentTitle } from '@/lib/document-title';

function FolderNotFound() {
  const [, navigate] = useLocation();
  return (
    <EmptyState icon={FolderX} tone="muted" heading="h1" title="Folder not found" text="This folder doesn't exist or you don't have permission to view it." className="py-24">
      <Button onClick={() => (window.history.length > 1 ? window.history.back() : navigate(screens.home()))}>
        <ArrowLeft aria-hidden />
        Go Back
      </Button>
    </EmptyState>
  );
}

type OpenDialog = 'edit' | 'collaborate' | 'delete' | null;

function FolderScreen({ folder, user }: { folder: FolderDto; user: CurrentUser }) {
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const dropZone = useRef<FolderDropZoneHandle>(null);
  const visibility = useSetFolderVisibility(folder);
  const deletion = useDeleteFolder(() => navigate(screens.profile()));

  function onAction(action: FolderAction) {
    if (typeof action === 'object') visibility.mutate(action.visibility);
    else if (action === 'upload') dropZone.current?.browse();
    else setDialog(action);
  }
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <div className="mx-auto max-w-[1600px] space-y-6 px-3 py-5 sm:space-y-8 sm:px-6 sm:py-8">
      <FolderHeader folder={folder} actions={<FolderActionsMenu folder={folder} viewerIsAdmin={user.isAdmin} onAction={onAction} />} />
      <FolderDropZone ref={dropZone} folderId={folder.id} enabled={folder.canEdit}>
        <FolderFiles folder={folder} onBrowse={folder.canEdit ? () => dropZone.current?.browse() : undefined} />
      </FolderDropZone>
      {folder.canEdit && <EditFilesDialog folder={folder} userId={user.id} open={dialog === 'edit'} onOpenChange={close} />}
      {folder.canManage && <CollaborateDialog folder={folder} open={dialog === 'collaborate'} onOpenChange={close} />}
      {folder.canDelete && (
        <ConfirmDialog
          open={dialog === 'delete'}
          onOpenChange={close}
          title="Delete Folder"
          description={<>Are you sure you want to delete “{folder.name}”? This action cannot be undone. All files will be removed from this folder, but the original files will remain safe.</>}
          confirmLabel="Delete Folder"
          pendingLabel="Deleting..."
          pending={deletion.isPending}
          onConfirm={() => deletion.mutate(folder.id)}
        />
      )}
    </div>
  );
}

function FolderView({ id, user }: { id: number; user: CurrentUser }) {
  const { data: folder, isPending, isError } = useFolder(id);
  useDocumentTitle(isError ? 'Folder not found' : (folder?.name ?? null));
  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner className="size-7" label="Loading folder" />
      </div>
    );
  }
  if (isError || !folder) return <FolderNotFound />;
  return <FolderScreen folder={folder} user={user} />;
}

/** /folder/{id} and /folders/{id}: one folder. */
export function FolderPage({ user, id }: { user: CurrentUser; id: string }) {
  const folderId = Number(id);
  return (
    <AppLayout user={user}>
      {Number.isInteger(folderId) && folderId > 0 ? <FolderView key={folderId} id={folderId} user={user} /> : <FolderNotFound />}
    </AppLayout>
  );
}
