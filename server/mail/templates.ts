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

/** Sent to the address that was replaced, so a hijacked account is noticed by its owner. */
export function emailChangedMail(u: Recipient, newEmail: string): Mail {
  return {
    to: u.email,
    subject: 'Your Kaleido email address was changed',
    text: `${greeting(u)}\n\nThe email address of your Kaleido account was changed to ${newEmail}. From now on, mail for your account goes there.\n\nIf you didn't make this change, reply to this mail or write to support so we can secure your account.\n\n— Kaleido`,
  };
}

export function passwordChangedMail(u: Recipient): Mail {
  return {
    to: u.email,
    subject: 'Your Kaleido password was changed',
    text: `${greeting(u)}\n\nThe password of your Kaleido account was just changed, and every other device was signed out.\n\nIf you didn't make this change, reset your password from the sign-in page at once and contact support.\n\n— Kaleido`,
  };
}
