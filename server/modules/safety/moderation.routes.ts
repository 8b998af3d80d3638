import type { moderationEndpoints } from '../../../contract/api/moderation';
import { reportMessages } from '../../../contract/safety';
import type { HandlersFor } from '../../plugins/endpoints';
import { toReportGroups } from './moderation.presenter';
import type { ModerationService } from './moderation.service';

export type ModerationRouteDeps = { moderation: ModerationService };

/** Reports, the admins' queue and actions, and the audit log (docs/decisions/028-safety-kit.md). */
export function moderationHandlers(d: ModerationRouteDeps): HandlersFor<typeof moderationEndpoints> {
  return {
    createReport: async (request, reply) => {
      const id = await d.moderation.report(request.user, request.body);
      return reply.status(201).send({ id, message: reportMessages.reported });
    },
    listReports: async (request) => toReportGroups(await d.moderation.openReports(request.query)),
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
      (await d.moderation.auditLog(request.query)).map(({ entry, admin }) => ({
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
