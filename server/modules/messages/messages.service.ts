import { messageMessages, type MessageDto, type MessagePageQuery } from '../../../contract/messages';
import type { EventWriter } from '../../events/event-writer';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { userMessages } from '../../../contract/users';
import { findActiveMember } from '../users/active-member';
import type { UsersRepo } from '../users/users.repo';
import { toConversationDto, toMessageDto } from './messages.presenter';
import type { MessagesRepo } from './messages.repo';

export type MessagesDeps = {
  messages: MessagesRepo;
  users: Pick<UsersRepo, 'findById' | 'isBlockedBetween' | 'isBlocking'>;
  /** Records a sent message or a thread read (server/events/event-table.ts: their live frames). */
  events: EventWriter;
  /** Pushes the message to the recipient's devices (docs/decisions/035); a failure is logged, never the sender's. */
  pushed?: (messageId: number, recipientId: number) => Promise<void>;
};

/** Sending, reading a thread and listing conversations; the viewer is always one side of the pair. */
export function createMessagesService(d: MessagesDeps) {
  return {
    /** A waitlisted, refused or missing recipient is one answer, as for yourself: 400 and nothing stored. */
    async send(senderId: number, recipientId: number, content: string): Promise<MessageDto> {
      if (recipientId === senderId) throw new ValidationError(messageMessages.cannotMessageSelf, { recipientId: messageMessages.cannotMessageSelf });
      try {
        // A block either way answers as a missing recipient does (server/access/blocks.ts).
        await findActiveMember(d.users, recipientId, { id: senderId });
      } catch (err) {
        if (err instanceof NotFoundError) throw new ValidationError(messageMessages.recipientNotFound, { recipientId: messageMessages.recipientNotFound });
        throw err;
      }
      const message = await d.events.write(async (tx, emit) => {
        const sent = toMessageDto(await d.messages.insert(tx, senderId, recipientId, content));
        emit({ type: 'message.sent', message: sent, unread: await d.messages.countUnread(recipientId, tx) });
        return sent;
      });
      await d.pushed?.(message.id, recipientId);
      return message;
    },

    /** The thread with `otherId`, newest first; opening it marks what they sent the viewer read. */
    async thread(viewerId: number, otherId: number, page: MessagePageQuery): Promise<MessageDto[]> {
      if (otherId === viewerId) throw new ValidationError(messageMessages.noThreadWithSelf);
      // As in the conversation list, a member who is not active (or not there) has no thread.
      await findActiveMember(d.users, otherId, null);
      // Blocked by the other member: as if they were not there. The blocker still reads what was said.
      if (await d.users.isBlocking(otherId, viewerId)) throw new NotFoundError(userMessages.userNotFound);
      const rows = await d.messages.listThread(viewerId, otherId, page);
      await d.events.write(async (tx, emit) => {
        if ((await d.messages.markThreadRead(tx, viewerId, otherId)) > 0) emit({ type: 'messages.read', userId: viewerId, unread: await d.messages.countUnread(viewerId, tx) });
      });
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
