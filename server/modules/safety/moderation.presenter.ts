import type { ReportGroup, ReportReason } from '../../../contract/safety';
import { screens } from '../../../contract/screens';
import { uploadUrl } from '../files/files.presenter';
import type { OpenReports } from './moderation.service';

type Content = ReportGroup['content'];

/** The queue page: each target with its content in place, as admins see it whoever blocked whom (docs/decisions/028-safety-kit.md). */
export function toReportGroups({ groups, content, owners }: OpenReports): ReportGroup[] {
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
