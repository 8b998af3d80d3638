import { adminMessages } from '../../../contract/admin';
import { screens } from '../../../contract/screens';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { waitlistApprovedMail, waitlistRejectedMail } from '../../mail/templates';
import type { Decision, WaitlistRepo, WaitlistRow } from './waitlist.repo';

type Page = Parameters<WaitlistRepo['list']>[0];

type Deps = { db: Db; waitlist: WaitlistRepo; queue: JobQueue; config: { publicUrl: string } };

/**
 * The admins' waitlist. A decision on an application: the application, the account's status and
 * the mail to the applicant commit together (the `mail.send` job is enqueued in the same transaction).
 */
export function createWaitlistService(d: Deps) {
  return {
    /** One page of applications (of one status, or all): pending first, then newest. */
    list: (page: Page) => d.waitlist.list(page),

    async decide(id: number, decision: Decision, adminId: number): Promise<WaitlistRow> {
      const decided = await d.db.transaction(async (tx) => {
        const row = await d.waitlist.decide(tx, id, decision, adminId);
        if (!row) return null;
        // From the application itself: on PGlite a read outside this transaction would wait for it.
        const recipient = { email: row.email, firstName: row.firstName, username: row.email };
        const mail = decision === 'approved' ? waitlistApprovedMail(recipient, `${d.config.publicUrl}${screens.auth({ tab: 'login' })}`) : waitlistRejectedMail(recipient);
        await d.queue.send('mail.send', mail, { tx });
        return row;
      });
      if (decided) return decided;
      const existing = await d.waitlist.findById(id);
      if (!existing) throw new NotFoundError(adminMessages.notFound);
      throw new ConflictError(existing.status === 'approved' ? adminMessages.alreadyApproved : adminMessages.alreadyRejected);
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
