import { format } from 'date-fns';
import { Eye } from 'lucide-react';
import type { FileDto } from '@contract/files';
import { DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AppPostText } from '@/components/app-post-text';
import { DeleteFileButton } from './delete-file-button';
import { EditedNote } from './edited-note';
import { EditFileButton } from './edit-file-dialog';
import { DialogComments } from './dialog-comments';
import { DownloadMenu } from './download-menu';
import { OwnerLink, TagChips } from './file-meta';
import { DetailLikeButton } from './like-button';
import { SavedToFolders, SaveFileButton, useSavedFolderCount } from './saved-to-folders';
import { ShareButton } from '@/components/share-button';
import { screens } from '@contract/screens';
import { MemberMenu } from '@/features/safety/member-menu';
import { useAuth } from '@/lib/auth';

/** The right pane of the detail dialog: owner, date, title, description, tags, actions, tabs. */
export function FileDetailsPane({ file, onClose }: { file: FileDto; onClose: () => void }) {
  const savedCount = useSavedFolderCount(file.id);
  const { user } = useAuth();

  return (
    <div className="flex flex-col gap-5 p-5 sm:p-6">
      <div className="pr-8">
        <OwnerLink user={file.user} subtitle={format(new Date(file.createdAt), 'MMM d, yyyy')} onNavigate={onClose} />
        <EditedNote file={file} />
      </div>
      <div className="space-y-2">
        <DialogTitle className="text-xl break-words"><AppPostText text={file.name} onNavigate={onClose} /></DialogTitle>
        {file.description ? (
          <DialogDescription className="break-words whitespace-pre-wrap text-foreground/80"><AppPostText text={file.description} onNavigate={onClose} /></DialogDescription>
        ) : (
          <DialogDescription className="sr-only">Details of {file.name}</DialogDescription>
        )}
      </div>
      <TagChips tags={file.tags} onNavigate={onClose} />
      <div className="flex flex-wrap items-center gap-2">
        <DetailLikeButton file={file} />
        <SaveFileButton file={file} />
        <ShareButton path={screens.file(file.id)} title={file.name} size="default" />
        <span className="inline-flex h-10 items-center gap-1.5 px-2 text-sm text-muted-foreground">
          <Eye className="size-4" aria-hidden />
          <span className="tabular-nums">{file.viewCount}</span>
          <span className="sr-only">views</span>
        </span>
        <div className="ml-auto flex items-center gap-1">
          <DownloadMenu file={file} />
          {file.canEdit && <EditFileButton file={file} />}
          {file.canDelete && <DeleteFileButton file={file} onDeleted={onClose} />}
          {user && user.id !== file.userId && (
            <MemberMenu member={file.user} report={{ type: 'file', id: file.id, noun: 'file' }} label="More actions for this file" onBlocked={onClose} />
          )}
        </div>
      </div>
      <Tabs defaultValue="comments" className="min-h-0">
        <TabsList className="w-full">
          <TabsTrigger value="saved">Saved to ({savedCount})</TabsTrigger>
          <TabsTrigger value="comments">Comments ({file.commentCount})</TabsTrigger>
        </TabsList>
        <TabsContent value="saved" className="mt-4">
          <SavedToFolders file={file} onNavigate={onClose} />
        </TabsContent>
        <TabsContent value="comments" className="mt-4">
          <DialogComments fileId={file.id} ownerId={file.userId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
