import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';

/**
 * Mail to members is this module's: whichever domain queues a mail (a notice, a digest, a
 * security notice), it is delivered here. `mail.send` and `mail.security`: a mail server that is down is retried with back-off instead of
 * losing the mail. Two queues, each with its own worker: security mail never waits behind social mail.
 */
export function registerMailJobs(queue: JobQueue, mailer: Mailer): void {
  for (const name of ['mail.send', 'mail.security'] as const) {
    queue.work(name, async (mail) => {
      await mailer.send(mail);
    });
  }
}
