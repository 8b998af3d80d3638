import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDeployment } from '../../tests/helpers/deployment';
import { waitForMail, type TestApp } from '../../tests/helpers/test-app';
import { signUp } from '../../tests/helpers/test-client';
import { createMailer, type Mailer } from './mailer';
import { passwordChangedMail } from './templates';

// Five seconds of comment spam to a member on "all" mail held a "password changed"
// mail behind it for over two minutes. Here a slow mail server (100 ms a social mail) has a
// backlog of 300 social mails, half a minute of work, when the member changes their password.
const SOCIAL_MS = 100;

describe.each([1, 2])('security mail beside a flood of social mail, %i process(es)', (processes) => {
  let t: TestApp;
  /** Where the member changes their password: the other process when there are two. */
  let web: TestApp;
  let socialSent = 0;
  let real: Mailer | null = null;
  const slowServer: Mailer = {
    async send(mail) {
      if (mail.subject.startsWith('Spam')) {
        await new Promise((r) => setTimeout(r, SOCIAL_MS));
        socialSent += 1;
      }
      await real!.send(mail);
    },
  };
  const d = useDeployment(processes, {}, { mailer: slowServer, jobs: { pollingIntervalSeconds: 0.5 } });
  beforeAll(async () => {
    t = d.apps[0];
    web = d.apps[d.apps.length - 1];
    real = createMailer({ smtpUrl: null, from: t.config.mailFrom, outboxDir: t.config.outboxDir, log: t.app.log });
  });

  it('a password-changed mail arrives within a few seconds, while the social backlog is still being sent', async () => {
    const c = web.client();
    const me = await signUp(c);
    const flood = Array.from({ length: 300 }, (_, i) => ({ to: me.email, subject: `Spam ${i}`, text: 'someone commented' }));
    await t.app.jobs.sendMany('mail.send', flood);
    // The social queue is busy before the password changes.
    for (let i = 0; i < 100 && socialSent === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(socialSent).toBeGreaterThan(0);

    const changed = Date.now();
    expect((await c.put('/api/user/password', { newPassword: 'a-new-Passw0rd!' })).status).toBe(200);
    const mail = await waitForMail(t, (m) => m.to === me.email && m.subject === passwordChangedMail(me).subject, 10_000);
    const waitedMs = Date.now() - changed;
    expect(mail.subject).toBe('Your Kaleido password was changed');
    expect(waitedMs).toBeLessThan(5_000);
    // Most of the flood is still queued: the notice did not wait for it.
    expect(socialSent).toBeLessThan(200);
  }, 30_000);

  it('writes outbox mail (reset links included) readable by the app alone', async () => {
    const names = await fs.readdir(t.config.outboxDir);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names.slice(0, 20)) expect((await fs.stat(path.join(t.config.outboxDir, name))).mode & 0o777, name).toBe(0o600);
    expect((await fs.stat(t.config.outboxDir)).mode & 0o777).toBe(0o700);
  });
});
