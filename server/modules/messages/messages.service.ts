import { messageMessages, type MessageDto, type MessagePageQuery } from '../../../contract/messages';
import type { LiveHub } from '../../live/live-hub';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { findActiveMember } from '../users/active-member';
import type { UsersRepo } from '../users/users.repo';
import { toConversationDto, toMessageDto } from './messages.presenter';
import type { MessagesRepo } from './messages.repo';

export type MessagesDeps = {
  messages: MessagesRepo;
  users: Pick<UsersRepo, 'findById'>;
  live: Pick<LiveHub, 'publish'>;
};

/** Sending, reading a thread and listing conversations; the viewer is always one side of the pair. */
export function createMessagesService(d: MessagesDeps) {
  /** Tells the member's open tabs their unread message count (each publisher sends the count it owns). */
  async function publishUnread(userId: number): Promise<void> {
    d.live.publish(userId, { type: 'unread', data: { messages: await d.messages.countUnread(userId) } });
  }

  return {
    /** A waitlisted, refused or missing recipient is one answer, as for yourself: 400 and nothing stored. */
    async send(senderId: number, recipientId: number, content: string): Promise<MessageDto> {
      if (recipientId === senderId) throw new ValidationError(messageMessages.cannotMessageSelf, { recipientId: messageMessages.cannotMessageSelf });
      try {
        await findActiveMember(d.users, recipientId);
      } catch (err) {
        if (err instanceof NotFoundError) throw new ValidationError(messageMessages.recipientNotFound, { recipientId: messageMessages.recipientNotFound });
        throw err;
      }
      const message = toMessageDto(await d.messages.insert(senderId, recipientId, content));
      // The recipient's tabs and the sender's other tabs show it at once.
      d.live.publish(recipientId, { type: 'message', data: message });
      d.live.publish(senderId, { type: 'message', data: message });
      await publishUnread(recipientId);
      return message;
    },

    /** The thread with `otherId`, newest first; opening it marks what they sent the viewer read. */
    async thread(viewerId: number, otherId: number, page: MessagePageQuery): Promise<MessageDto[]> {
      if (otherId === viewerId) throw new ValidationError(messageMessages.noThreadWithSelf);
      // As in the conversation list, a member who is not active (or not there) has no thread.
      await findActiveMember(d.users, otherId);
      const rows = await d.messages.listThread(viewerId, otherId, page);
      if ((await d.messages.markThreadRead(viewerId, otherId)) > 0) await publishUnread(viewerId);
      return rows.map(toMessageDto);
    },

    unreadCount(viewerId: number): Promise<number> {
      return d.messages.countUnread(viewerId);
    },

    async conversations(viewerId: number, page: MessagePageQuery) {
      return (await d.messages.listConversations(viewerId, page)).map(toConversationDto);
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
