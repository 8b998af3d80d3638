import type { Mail } from './mailer';

type Recipient = { email: string; firstName: string | null; username: string };

function greeting(u: Recipient): string {
  return `Hi ${u.firstName || u.username},`;
}

export function resetPasswordMail(u: Recipient, link: string): Mail {
  return {
    to: u.email,
    subject: 'Reset your Kaleido password',
    text: `${greeting(u)}\n\nSomeone asked to reset the password of your Kaleido account. Open this link within one hour to choose a new one:\n\n${link}\n\nIf it wasn't you, ignore this mail: your password stays as it is.\n\n— Kaleido`,
  };
}
