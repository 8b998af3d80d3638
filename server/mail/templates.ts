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

/** Where a notification mail leads, and the two ways out of such mail (every one has them; decision 014). */
export type NotificationLinks = { open: string; settings: string; unsubscribePage: string; unsubscribeOneClick: string };

const oneLine = (s: string, max: number) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function unsubscribeFooter(l: NotificationLinks): string {
  return `\n\n—\nYou get this mail because of the notification email setting of your Kaleido account (${l.settings}).\nUnsubscribe from notification emails: ${l.unsubscribePage}`;
}

/** RFC 2369 and RFC 8058: mail programs show their own unsubscribe button, which posts to the one-click address. */
function unsubscribeHeaders(l: NotificationLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${l.unsubscribeOneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** `all` mode: one mail per notification. */
export function notificationMail(u: Recipient, message: string, l: NotificationLinks): Mail {
  return {
    to: u.email,
    subject: oneLine(message, 120),
    text: `${greeting(u)}\n\n${message}\n\nSee it on Kaleido: ${l.open}${unsubscribeFooter(l)}`,
    headers: unsubscribeHeaders(l),
  };
}

export const DIGEST_LISTED = 10;

/** `periodic` mode: at most one a day, listing the newest of what is still unread. */
export function digestMail(u: Recipient, newest: string[], total: number, l: NotificationLinks): Mail {
  const lines = newest.slice(0, DIGEST_LISTED).map((m) => `• ${m}`);
  if (total > lines.length) lines.push(`…and ${total - lines.length} more`);
  const count = `${total} unread notification${total === 1 ? '' : 's'}`;
  return {
    to: u.email,
    subject: `You have ${count} on Kaleido`,
    text: `${greeting(u)}\n\nHere is what happened on Kaleido since your last digest (${count}):\n\n${lines.join('\n')}\n\nRead them all: ${l.open}${unsubscribeFooter(l)}`,
    headers: unsubscribeHeaders(l),
  };
}

export function waitlistApprovedMail(u: Recipient, signInLink: string): Mail {
  return {
    to: u.email,
    subject: 'Welcome to Kaleido: your application was approved',
    text: `${greeting(u)}\n\nGood news: your application to join Kaleido was approved. You can sign in now with the email or username and password you chose:\n\n${signInLink}\n\n— Kaleido`,
  };
}

export function waitlistRejectedMail(u: Recipient): Mail {
  return {
    to: u.email,
    subject: 'Your Kaleido application',
    text: `${greeting(u)}\n\nThank you for your interest in Kaleido. After reviewing your application, we are not able to offer you an account at this time.\n\n— Kaleido`,
  };
}

/** A sign-in from a device and an address the account never used (docs/decisions/034). */
export function newSignInMail(u: Recipient, where: { device: string; address: string; at: Date; settingsLink: string }): Mail {
  return {
    to: u.email,
    subject: 'New sign-in to your Kaleido account',
    text: `${greeting(u)}\n\nYour Kaleido account was just signed in to from a device and an address it had not used before:\n\n• Device: ${where.device}\n• Address: ${where.address}\n• Time: ${where.at.toUTCString()}\n\nIf this was you, there is nothing to do. If it wasn't, open Settings → Account Security, end that session, and change your password:\n\n${where.settingsLink}\n\n— Kaleido`,
  };
}
