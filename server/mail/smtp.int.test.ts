import { describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { useTestApp } from '../../tests/helpers/test-app';
import { signUp } from '../../tests/helpers/test-client';

// With SMTP_URL set, mail leaves through SMTP (here a real SMTP server on loopback) and the
// outbox folder stays empty.
const received: { to: string[]; body: string }[] = [];

const t = useTestApp(async () => {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as { port: number }).port;
  return { env: { SMTP_URL: `smtp://127.0.0.1:${port}` }, cleanup: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
});

describe('mail over SMTP', () => {
  it('sends the reset mail with its link to the SMTP server, not to the outbox', async () => {
    const member = await signUp(t.client());
    const res = await t.client().post('/api/auth/forgot-password', { email: member.email });
    expect(res.status).toBe(200);
    const until = Date.now() + 10_000;
    while (!received.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([member.email]);
    const body = received[0].body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('Subject: Reset your Kaleido password');
    expect(body).toMatch(new RegExp(`${t.url}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
    expect(await t.outbox()).toHaveLength(0);
  });
});
