import { z } from 'zod';
import { idField, pageQuery, text } from './common';

// Direct messages.

export const MESSAGE_MAX = 5000;
/** The 'New Message' dialog searches recipients from 3 characters ("above 2"). */
export const RECIPIENT_SEARCH_MIN = 3;

export const messageMessages = {
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${MESSAGE_MAX} characters`,
  recipientRequired: 'Choose who to send the message to',
  recipientNotFound: 'Recipient not found',
  cannotMessageSelf: 'You cannot send a message to yourself',
  noThreadWithSelf: 'There is no conversation with yourself',
  /** Client toasts, verbatim. */
  sendFailed: 'Failed to send message',
  sent: 'Message sent successfully',
} as const;

/** `sendMessage`: the content is sent trimmed and checked trimmed (1–5000 characters). */
export const sendMessageBody = z.object({
  recipientId: idField.describe('An active member other than yourself'),
  content: text({ multiline: true, error: messageMessages.empty }).trim().min(1, messageMessages.empty).max(MESSAGE_MAX, messageMessages.tooLong),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** A message as its members see it. */
export const messageDto = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  content: z.string(),
  createdAt: z.string(),
});
export type MessageDto = z.infer<typeof messageDto>;
export const messageList = z.array(messageDto);

/**
 * Pages of a thread or of the conversation list, newest first. `before` is a cursor (a message
 * id: only older messages, or conversations whose last message is older) so a page does not
 * shift when a new message arrives; `offset` still works as on every other list.
 */
export const messagePageQuery = pageQuery.extend({
  before: idField.optional().describe('Only items older than this message id (the last id of the previous page)'),
});
export type MessagePageQuery = z.infer<typeof messagePageQuery>;

export const threadParams = z.object({ userId: idField });

/** A conversation, plus the counterpart's username and who wrote the last message. */
export const conversationDto = z.object({
  userId: z.number().int(),
  username: z.string(),
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
  userProfileImageUrl: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageTime: z.string(),
  /** The last message's id: the `before` cursor of the next page. */
  lastMessageId: z.number().int(),
  lastMessageSenderId: z.number().int(),
  /** Messages from this member the viewer has not opened yet. */
  unreadCount: z.number().int(),
});
export type ConversationDto = z.infer<typeof conversationDto>;
export const conversationList = z.array(conversationDto);

/** `getUnreadMessageCount`: messages sent to the viewer not yet opened, for the header's badge. */
export const unreadMessagesResponse = z.object({ unreadCount: z.number().int().min(0) });
export type UnreadMessagesResponse = z.infer<typeof unreadMessagesResponse>;
