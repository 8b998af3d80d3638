import { z } from 'zod';
import { idField, text } from './common';

// Blocks, reports and moderation (docs/decisions/028-safety-kit.md).

export const safetyMessages = {
  cannotBlockSelf: 'You cannot block yourself',
  cannotMuteSelf: 'You cannot mute yourself',
  commentNotFound: 'Comment not found',
  commentDeleted: 'Comment deleted',
  cannotDeleteComment: "Only the comment's author, the file's owner or an admin can delete it",
} as const;

/** POST and DELETE /api/users/{id}/block, both idempotent: the state afterwards. */
export const blockResponse = z.object({ isBlocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponse>;

/** POST and DELETE /api/users/{id}/mute, both idempotent: the state afterwards. */
export const muteResponse = z.object({ isMuted: z.boolean() });

/** One member the viewer blocked (GET /api/user/blocks) or muted (GET /api/user/mutes, `blockedAt` then says when), newest first. */
export const blockedMember = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMember>;
export const blockedList = z.array(blockedMember);

export const reportTargetTypes = ['file', 'comment', 'folder', 'user', 'message'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportReasons = ['spam', 'harassment', 'nudity', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const REPORT_NOTE_MAX = 1_000;

export const reportMessages = {
  notFound: 'Not found',
  ownContent: 'You cannot report your own content',
  alreadyReported: 'You have already reported this; an admin will review it',
  reported: 'Thanks — an admin will review your report',
  reportNotFound: 'Report not found',
  alreadyResolved: 'This report was already resolved',
  cannotRemove: 'Only files, comments and folders can be removed; suspend the member instead',
  cannotMarkSensitive: 'Only a file can be marked sensitive',
  cannotSuspendAdmin: 'An admin cannot be suspended',
  userNotFound: 'User not found',
} as const;

/** POST /api/reports. `copyright` is the takedown path the contact page names. */
export const reportBody = z.object({
  targetType: z.enum(reportTargetTypes),
  targetId: idField,
  reason: z.enum(reportReasons),
  note: text({ multiline: true }).trim().max(REPORT_NOTE_MAX).optional(),
});
export type ReportBody = z.infer<typeof reportBody>;
export const reportCreated = z.object({ id: z.number().int(), message: z.string() });

/** What an admin may do with a report; every action resolves every open report on the same target. */
export const reportActions = ['dismiss', 'remove', 'sensitive', 'suspend'] as const;
export type ReportAction = (typeof reportActions)[number];
export const resolveBody = z.object({ action: z.enum(reportActions), reason: text({ multiline: true }).trim().max(REPORT_NOTE_MAX).optional() });
export const resolveResponse = z.object({ resolved: z.number().int(), message: z.string() });
export const suspendBody = z.object({ reason: text({ multiline: true }).trim().max(REPORT_NOTE_MAX).optional() }).default({});
export const suspendResponse = z.object({ isSuspended: z.boolean() });

/**
 * One reported target in the admins' queue (GET /api/admin/reports): the content in place (a
 * file's thumbnail and name, a comment's or message's text, a folder's or member's name), how
 * many members reported it and why. Oldest first report first.
 */
export const reportGroup = z.object({
  reportId: z.number().int(),
  targetType: z.enum(reportTargetTypes),
  targetId: z.number().int(),
  owner: z.object({ id: z.number().int(), username: z.string(), isSuspended: z.boolean() }).nullable(),
  content: z.object({ title: z.string(), text: z.string().nullable(), imageUrl: z.string().nullable(), link: z.string().nullable() }),
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number().int() })),
  notes: z.array(z.string()),
  firstReportedAt: z.string(),
});
export type ReportGroup = z.infer<typeof reportGroup>;
export const reportQueue = z.array(reportGroup);

/** One admin action (GET /api/admin/audit-log), newest first. */
export const auditEntry = z.object({
  id: z.number().int(),
  admin: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditLogPage = z.array(auditEntry);

export const accountDeletionMessages = {
  confirmMismatch: 'Type your username exactly to confirm',
  deleted: 'Your account is deleted. Everything you shared goes within a minute.',
} as const;

/** DELETE /api/user: the member types their username to confirm. */
export const deleteAccountBody = z.object({ username: text().trim().min(1).max(100) });
