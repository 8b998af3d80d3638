import { Eye, Heart, MessageCircle } from 'lucide-react';
import { useLocation } from 'wouter';
import type { FileDto } from '@contract/files';
import { screens } from '@contract/screens';
import { AddToFolder, InFolders } from '@/features/folders/file-page-folders';
import { AppPostText } from '@/components/app-post-text';
import { DeleteFileButton } from './delete-file-button';
import { EditedNote } from './edited-note';
import { EditFileButton } from './edit-file-dialog';
import { DownloadMenu } from './download-menu';
import { OwnerLink, TagChips } from './file-meta';
import { relativeAge } from './format';
import { DetailLikeButton } from './like-button';
import { ShareButton } from '@/components/share-button';
import { MemberMenu } from '@/features/safety/member-menu';
import { useAuth } from '@/lib/auth';

function Count({ icon: Icon, value, label }: { icon: typeof Eye; value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon className="size-4" aria-hidden />
      <span className="tabular-nums">{value}</span>
      <span className="sr-only">{value === 1 ? label.replace(/s$/, '') : label}</span>
    </span>
  );
}

/** The file page's Details tab. */
export function PageDetails({ file }: { file: FileDto }) {
  const [, navigate] = useLocation();
  const { user } = useAuth();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <OwnerLink user={file.user} subtitle={relativeAge(file.createdAt)} />
        <div className="flex items-center gap-4 text-sm text-muted-foreground">
          <Count icon={Eye} value={file.viewCount} label="views" />
          <Count icon={Heart} value={file.likeCount} label="likes" />
          <Count icon={MessageCircle} value={file.commentCount} label="comments" />
        </div>
      </div>
      <EditedNote file={file} />
      {file.description && <p className="break-words whitespace-pre-wrap text-foreground/85"><AppPostText text={file.description} /></p>}
      <TagChips tags={file.tags} />
      <div className="flex flex-wrap items-center gap-2">
        <DetailLikeButton file={file} withLabel />
        <DownloadMenu file={file} />
        <ShareButton path={screens.file(file.id)} title={file.name} size="default" />
        {file.canEdit && <EditFileButton file={file} withLabel />}
        {file.canDelete && <DeleteFileButton file={file} withLabel onDeleted={() => navigate(screens.home())} />}
        {user && user.id !== file.userId && (
          <MemberMenu member={file.user} report={{ type: 'file', id: file.id, noun: 'file' }} label="More actions for this file" onBlocked={() => navigate(screens.home())} />
        )}
      </div>
      <div className="space-y-5 border-t pt-5">
        <AddToFolder fileId={file.id} />
        <InFolders fileId={file.id} />
      </div>
    </div>
  );
}
