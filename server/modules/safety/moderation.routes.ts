import type { moderationEndpoints } from '../../../contract/api/moderation';
import { reportMessages, type ReportGroup, type ReportReason } from '../../../contract/safety';
import { screens } from '../../../contract/screens';
import type { HandlersFor } from '../../plugins/endpoints';
import { uploadUrl } from '../files/files.presenter';
import type { ModerationService } from './moderation.service';
import type { ReportsRepo } from './reports.repo';

export type ModerationRouteDeps = { moderation: ModerationService; reports: ReportsRepo };

type Content = ReportGroup['content'];

/** Reports, the admins' queue and actions, and the audit log (docs/decisions/028-safety-kit.md). */
export function moderationHandlers(d: ModerationRouteDeps): HandlersFor<typeof moderationEndpoints> {
  /** The queue page: each target with its content in place, as admins see it whoever blocked whom. */
  async function queue(page: { offset: number; limit: number }): Promise<ReportGroup[]> {
    const groups = await d.reports.openGroups(page);
    const [content, owners] = await Promise.all([
      d.reports.contentOf(groups),
      d.reports.owners([...new Set(groups.flatMap((g) => (g.ownerId === null ? [] : [g.ownerId])))]),
    ]);
    const ownerById = new Map(owners.map((o) => [o.id, o]));
    const gone: Content = { title: 'Already gone', text: null, imageUrl: null, link: null };
    const shown = (type: ReportGroup['targetType'], id: number): Content => {
      if (type === 'file') {
        const f = content.files.find((x) => x.id === id);
        return f ? { title: f.name, text: null, imageUrl: f.thumbnailKey ? uploadUrl(f.thumbnailKey) : null, link: screens.file(id) } : gone;
      }
      if (type === 'comment') {
        const c = content.comments.find((x) => x.id === id);
        return c ? { title: 'Comment', text: c.content, imageUrl: null, link: screens.file(c.fileId) } : gone;
      }
      if (type === 'folder') {
        const f = content.folders.find((x) => x.id === id);
        return f ? { title: f.name, text: null, imageUrl: null, link: screens.folder(id) } : gone;
      }
      if (type === 'user') {
        const u = content.users.find((x) => x.id === id);
        return u ? { title: `@${u.username}`, text: u.bio, imageUrl: null, link: screens.profile(id) } : gone;
      }
      const m = content.messages.find((x) => x.id === id);
      return m ? { title: 'Message', text: m.content, imageUrl: null, link: null } : gone;
    };
    return groups.map((g) => {
      const counts = new Map<ReportReason, number>();
      for (const r of g.reasons) counts.set(r, (counts.get(r) ?? 0) + 1);
      const owner = g.ownerId === null ? undefined : ownerById.get(g.ownerId);
      return {
        reportId: g.reportId,
        targetType: g.targetType,
        targetId: g.targetId,
        owner: owner ? { id: owner.id, username: owner.username, isSuspended: owner.suspendedAt !== null } : null,
        content: shown(g.targetType, g.targetId),
        reportCount: g.reportCount,
        reasons: [...counts].map(([reason, count]) => ({ reason, count })),
        notes: g.notes.filter((n): n is string => Boolean(n)),
        firstReportedAt: g.firstReportedAt.toISOString(),
      };
    });
  }

  return {
    createReport: async (request, reply) => {
      const id = await d.moderation.report(request.user, request.body);
      return reply.status(201).send({ id, message: reportMessages.reported });
    },
    listReports: async (request) => queue(request.query),
    resolveReport: async (request) => {
      const resolved = await d.moderation.resolve(request.user, request.params.id, request.body.action, request.body.reason || null);
      return { resolved, message: `Resolved ${resolved} report${resolved === 1 ? '' : 's'}` };
    },
    suspendUser: async (request) => {
      await d.moderation.suspend(request.user, request.params.id, true, request.body.reason || null);
      return { isSuspended: true };
    },
    unsuspendUser: async (request) => {
      await d.moderation.suspend(request.user, request.params.id, false, request.body.reason || null);
      return { isSuspended: false };
    },
    listAuditLog: async (request) =>
      (await d.reports.listAudit(request.query)).map(({ entry, admin }) => ({
        id: entry.id,
        admin,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        reason: entry.reason,
        createdAt: entry.createdAt.toISOString(),
      })),
  };
}
