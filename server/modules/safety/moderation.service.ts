import { reportMessages, type ReportAction, type ReportBody } from '../../../contract/safety';
import type { Viewer } from '../../access/viewer';
import type { EventWriter } from '../../events/event-writer';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Files } from '../files/file-writes';
import type { Social } from '../files/social-writes';
import type { UploadService } from '../files/upload.service';
import type { FolderWrites } from '../folders/folder-writes';
import type { Notifier } from '../notifications/notifier';
import type { UsersRepo } from '../users/users.repo';
import { reportedOwner, type TargetDeps } from './report-targets';
import type { ReportsRepo } from './reports.repo';

export type ModerationDeps = TargetDeps & {
  reports: ReportsRepo;
  files: Pick<Files, 'findOneWhere' | 'findById' | 'update'>;
  uploads: Pick<UploadService, 'remove'>;
  social: Pick<Social, 'findComment' | 'deleteComment'>;
  folders: Pick<FolderWrites['folders'], 'findVisible' | 'delete'>;
  users: Pick<UsersRepo, 'findById' | 'isBlockedBetween'>;
  notifier: Pick<Notifier, 'deliver'>;
  events: EventWriter;
};

type Page = { offset: number; limit: number };
/** The queue's page as stored: the open groups, their targets' content and their owners. */
export type OpenReports = Awaited<ReturnType<ModerationService['openReports']>>;

/** What the reporters are told: the outcome, never who acted. */
const outcome: Record<ReportAction, string> = {
  dismiss: 'Your report was reviewed. The content does not break the rules, so it stays.',
  remove: 'Your report was reviewed and the content was removed. Thank you.',
  sensitive: 'Your report was reviewed and the file was marked sensitive. Thank you.',
  suspend: 'Your report was reviewed and the account was suspended. Thank you.',
};

/** Reports, their resolution and suspensions (docs/decisions/028-safety-kit.md). Every admin action is audited. */
export function createModerationService(d: ModerationDeps) {
  async function setSuspended(admin: NonNullable<Viewer>, userId: number, suspended: boolean): Promise<void> {
    const user = await d.users.findById(userId);
    if (!user || user.status !== 'active') throw new NotFoundError(reportMessages.userNotFound);
    if (suspended && (user.isAdmin || user.id === admin.id)) throw new ValidationError(reportMessages.cannotSuspendAdmin);
    // Their sessions end with a suspension; every process's hidden members, the public skeleton
    // and their cached sessions follow (server/events/event-table.ts).
    await d.events.write(async (tx, emit) => {
      if (await d.reports.setSuspended(tx, userId, suspended)) emit({ type: suspended ? 'member.suspended' : 'member.unsuspended', userId });
    });
  }

  return {
    /** The admins' queue page: open reports grouped by target, with the targets' content and owners. */
    async openReports(page: Page) {
      const groups = await d.reports.openGroups(page);
      const [content, owners] = await Promise.all([
        d.reports.contentOf(groups),
        d.reports.owners([...new Set(groups.flatMap((g) => (g.ownerId === null ? [] : [g.ownerId])))]),
      ]);
      return { groups, content, owners };
    },

    /** The audit log, newest first. */
    auditLog: (page: Page) => d.reports.listAudit(page),

    async report(reporter: NonNullable<Viewer>, body: ReportBody): Promise<number> {
      const ownerId = await reportedOwner(d, body.targetType, body.targetId, reporter);
      if (ownerId === reporter.id) throw new ValidationError(reportMessages.ownContent);
      const id = await d.reports.insert({ reporterId: reporter.id, targetType: body.targetType, targetId: body.targetId, ownerId, reason: body.reason, note: body.note || null });
      if (id === null) throw new ConflictError(reportMessages.alreadyReported);
      return id;
    },

    async resolve(admin: NonNullable<Viewer>, reportId: number, action: ReportAction, reason: string | null): Promise<number> {
      const report = await d.reports.findById(reportId);
      if (!report) throw new NotFoundError(reportMessages.reportNotFound);
      if (report.status !== 'open') throw new ConflictError(reportMessages.alreadyResolved);
      const { targetType: type, targetId: id } = report;
      if (action === 'remove') {
        if (type === 'file') {
          const file = await d.files.findById(id);
          if (file) await d.uploads.remove(file);
        } else if (type === 'comment') await d.social.deleteComment(id);
        else if (type === 'folder') await d.folders.delete(id);
        else throw new ValidationError(reportMessages.cannotRemove);
      } else if (action === 'sensitive') {
        if (type !== 'file') throw new ValidationError(reportMessages.cannotMarkSensitive);
        if (await d.files.findById(id)) await d.files.update(id, { isNsfw: true });
      } else if (action === 'suspend' && report.ownerId !== null) {
        await setSuspended(admin, report.ownerId, true);
      }
      const reporters = await d.reports.resolveTarget(type, id, action, { adminId: admin.id, action: `report.${action}`, targetType: type, targetId: id, reason });
      await d.notifier.deliver(
        reporters.map((userId) => ({ userId, type: 'report_resolved' as const, message: outcome[action], dedupeKey: `report:${type}:${id}:${reportId}` })),
        { actor: null },
      );
      return reporters.length;
    },

    async suspend(admin: NonNullable<Viewer>, userId: number, suspended: boolean, reason: string | null): Promise<void> {
      await setSuspended(admin, userId, suspended);
      await d.reports.audit({ adminId: admin.id, action: suspended ? 'user.suspend' : 'user.unsuspend', targetType: 'user', targetId: userId, reason });
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
