import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReportAction, ReportReason, ReportTargetType } from '../../../contract/safety';
import type { Db, Tx } from '../../db/client';
import { auditLog, comments, files, folders, messages, reports, sessions, users } from '../../db/schema/index';
import { uniqueViolation } from '../../lib/db-errors';

type Page = { offset: number; limit: number };
export type NewReport = { reporterId: number; targetType: ReportTargetType; targetId: number; ownerId: number; reason: ReportReason; note: string | null };
export type AuditValues = { adminId: number; action: string; targetType: string; targetId: number; reason: string | null };

/**
 * Reports, the queue grouped by target, and the audit log (docs/decisions/028-safety-kit.md).
 * The audit log is only ever inserted into and read.
 */
export function createReportsRepo(db: Db) {
  return {
    /** The new report's id, or null when the reporter already has an open one on this target. */
    async insert(values: NewReport): Promise<number | null> {
      try {
        const [row] = await db.insert(reports).values(values).returning({ id: reports.id });
        return row.id;
      } catch (err) {
        if (uniqueViolation(err) === 'reports_open_once_idx') return null;
        throw err;
      }
    },
    async findById(id: number) {
      const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
      return row ?? null;
    },
    /** Open reports grouped by target, the group whose first report is oldest first. */
    async openGroups(page: Page) {
      return db
        .select({
          reportId: sql<number>`min(${reports.id})`.mapWith(Number),
          targetType: reports.targetType,
          targetId: reports.targetId,
          ownerId: sql<number | null>`min(${reports.ownerId})`,
          reportCount: sql<number>`count(*)::int`,
          reasons: sql<ReportReason[]>`array_agg(${reports.reason} order by ${reports.id})`,
          notes: sql<(string | null)[]>`array_agg(${reports.note} order by ${reports.id})`,
          firstReportedAt: sql<Date>`min(${reports.createdAt})`.mapWith((v: string | Date) => new Date(v)),
        })
        .from(reports)
        .where(eq(reports.status, 'open'))
        .groupBy(reports.targetType, reports.targetId)
        .orderBy(asc(sql`min(${reports.id})`))
        .limit(page.limit)
        .offset(page.offset);
    },
    /** Resolves every open report on a target, with the audit entry, in one transaction; answers the reporters. */
    async resolveTarget(targetType: ReportTargetType, targetId: number, action: ReportAction, audit: AuditValues): Promise<number[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(reports)
          .set({ status: 'resolved', resolution: action, resolvedBy: audit.adminId, resolvedAt: new Date() })
          .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
          .returning({ reporterId: reports.reporterId });
        await tx.insert(auditLog).values(audit);
        return [...new Set(rows.map((r) => r.reporterId))];
      });
    },
    async audit(values: AuditValues): Promise<void> {
      await db.insert(auditLog).values(values);
    },
    listAudit(page: Page) {
      return db
        .select({ entry: auditLog, admin: { id: users.id, username: users.username } })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.adminId))
        .orderBy(desc(auditLog.id))
        .limit(page.limit)
        .offset(page.offset);
    },
    /** The content of reported targets as admins see it, whoever blocked whom (moderation sees everything). */
    async contentOf(targets: { targetType: ReportTargetType; targetId: number }[]) {
      const ids = (type: ReportTargetType) => targets.filter((t) => t.targetType === type).map((t) => t.targetId);
      const none = Promise.resolve([]);
      const [f, c, fo, u, m] = await Promise.all([
        ids('file').length ? db.select({ id: files.id, name: files.name, thumbnailKey: files.thumbnailKey }).from(files).where(inArray(files.id, ids('file'))) : none,
        ids('comment').length ? db.select({ id: comments.id, content: comments.content, fileId: comments.fileId }).from(comments).where(inArray(comments.id, ids('comment'))) : none,
        ids('folder').length ? db.select({ id: folders.id, name: folders.name }).from(folders).where(inArray(folders.id, ids('folder'))) : none,
        ids('user').length ? db.select({ id: users.id, username: users.username, bio: users.bio }).from(users).where(inArray(users.id, ids('user'))) : none,
        ids('message').length ? db.select({ id: messages.id, content: messages.content }).from(messages).where(inArray(messages.id, ids('message'))) : none,
      ]);
      return { files: f, comments: c, folders: fo, users: u, messages: m };
    },
    async owners(ids: number[]) {
      if (!ids.length) return [];
      return db.select({ id: users.id, username: users.username, suspendedAt: users.suspendedAt }).from(users).where(inArray(users.id, ids));
    },
    /** A message the member sent or received (a member reports what reached them). */
    async findMessageOf(id: number, memberId: number) {
      const [row] = await db
        .select({ id: messages.id, senderId: messages.senderId })
        .from(messages)
        .where(and(eq(messages.id, id), sql`(${messages.senderId} = ${memberId} or ${messages.recipientId} = ${memberId})`))
        .limit(1);
      return row ?? null;
    },
    /** Sets or clears a member's suspension; true when it changed. */
    /** In the caller's transaction; a suspension ends the member's sessions with it. False when nothing changed. */
    async setSuspended(tx: Tx, userId: number, suspended: boolean): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ suspendedAt: suspended ? new Date() : null })
        .where(and(eq(users.id, userId), suspended ? sql`${users.suspendedAt} is null` : sql`${users.suspendedAt} is not null`))
        .returning({ id: users.id });
      if (rows.length > 0 && suspended) await tx.delete(sessions).where(eq(sessions.userId, userId));
      return rows.length > 0;
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
