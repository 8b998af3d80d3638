import { reportMessages, type ReportTargetType } from '../../../contract/safety';
import { isMemberHidden } from '../../access/blocks';
import { orFolderNotFound } from '../../access/folder-access';
import { findVisibleFile, type Viewer } from '../../access/visibility';
import { NotFoundError } from '../../lib/errors';
import type { FilesRepo } from '../files/files.repo';
import type { SocialRepo } from '../files/social.repo';
import type { FoldersRepo } from '../folders/folders.repo';
import { findActiveMember } from '../users/active-member';
import type { UsersRepo } from '../users/users.repo';
import type { ReportsRepo } from './reports.repo';

export type TargetDeps = {
  files: Pick<FilesRepo, 'findOneWhere'>;
  social: Pick<SocialRepo, 'findComment'>;
  folders: Pick<FoldersRepo, 'findVisible'>;
  users: Pick<UsersRepo, 'findById' | 'isBlockedBetween'>;
  reports: Pick<ReportsRepo, 'findMessageOf'>;
};

/**
 * The member whose content a report names, found as the reporter sees it: whatever the reporter
 * cannot see (missing, private, hidden by a block) is the same 404, through the visibility module.
 */
export async function reportedOwner(d: TargetDeps, type: ReportTargetType, id: number, viewer: NonNullable<Viewer>): Promise<number> {
  const notFound = () => new NotFoundError(reportMessages.notFound);
  const orNotFound = <T>(p: Promise<T>) => p.catch((err) => Promise.reject(err instanceof NotFoundError ? notFound() : err));
  switch (type) {
    case 'file':
      return (await orNotFound(findVisibleFile(d.files, id, viewer))).userId;
    case 'comment': {
      const found = await d.social.findComment(id);
      if (!found) throw notFound();
      await orNotFound(findVisibleFile(d.files, found.comment.fileId, viewer));
      if (await isMemberHidden(d.users, found.comment.userId, viewer)) throw notFound();
      return found.comment.userId;
    }
    case 'folder':
      return (await orNotFound(Promise.resolve().then(async () => orFolderNotFound(await d.folders.findVisible(id, viewer), viewer)))).userId;
    case 'user':
      return (await orNotFound(findActiveMember(d.users, id, viewer))).id;
    case 'message': {
      const message = await d.reports.findMessageOf(id, viewer.id);
      if (!message) throw notFound();
      return message.senderId;
    }
  }
}
