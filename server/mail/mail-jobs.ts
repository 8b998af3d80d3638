import type { JobQueue } from '../jobs/queue';
import type { Mailer } from './mailer';

/** `mail.send`: a mail server that is down is retried with back-off instead of losing the mail. */
export function registerMailJobs(queue: JobQueue, mailer: Mailer): void {
  queue.work('mail.send', async (mail) => {
    await mailer.send(mail);
  });
}
