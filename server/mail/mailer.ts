import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** `headers`: extra header lines, e.g. `List-Unsubscribe` on notification mail (written to the outbox too). */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise every mail is written to the outbox folder as JSON so
 * password reset works on a laptop with no mail server. The log names the file, never the body
 * (a reset mail carries a secret link).
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
        opts.log.info({ subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      // A reset mail carries a secret link: only the app's own user may read the outbox.
      await fs.mkdir(opts.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`;
      const file = path.join(opts.outboxDir, name);
      await fs.writeFile(file, JSON.stringify({ from: opts.from, date: new Date().toISOString(), ...mail }, null, 2), { mode: 0o600 });
      opts.log.info({ subject: mail.subject, file: name }, 'mail written to outbox');
    },
  };
}
