import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { messages } from '../../db/schema/index';

export type MessageRow = typeof messages.$inferSelect;
export type MessagePage = { offset: number; limit: number; before?: number };

/** One line of a member's conversation list: the counterpart, the last message, the unread count. */
export type ConversationRow = {
  userId: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  profileImageKey: string | null;
  lastMessageId: number;
  lastMessageSenderId: number;
  lastMessage: string;
  lastMessageTime: Date;
  unreadCount: number;
};

type RawConversation = {
  user_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_key: string | null;
  last_id: number;
  last_sender_id: number;
  last_content: string;
  last_created_at: Date | string;
  unread: number;
};

/** Both directions of the pair `a`–`b`: the thread, whichever of them wrote. */
function pair(a: number, b: number) {
  return or(and(eq(messages.senderId, a), eq(messages.recipientId, b)), and(eq(messages.senderId, b), eq(messages.recipientId, a)));
}

/**
 * Direct messages. Every read is scoped to the asking member: a thread is always the viewer
 * and one other member, so nobody can name a thread they are not in.
 */
export function createMessagesRepo(db: Db) {
  return {
    async insert(tx: Tx, senderId: number, recipientId: number, content: string): Promise<MessageRow> {
      const [row] = await tx.insert(messages).values({ senderId, recipientId, content }).returning();
      return row;
    },

    /** The thread of `viewerId` and `otherId`, newest first. */
    listThread(viewerId: number, otherId: number, page: MessagePage): Promise<MessageRow[]> {
      return db
        .select()
        .from(messages)
        .where(and(pair(viewerId, otherId), page.before ? lt(messages.id, page.before) : undefined))
        .orderBy(desc(messages.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** Marks what `otherId` sent to `viewerId` as read; answers how many were unread. */
    async markThreadRead(tx: Tx, viewerId: number, otherId: number): Promise<number> {
      const rows = await tx
        .update(messages)
        .set({ readAt: new Date() })
        .where(and(eq(messages.recipientId, viewerId), eq(messages.senderId, otherId), isNull(messages.readAt)))
        .returning({ id: messages.id });
      return rows.length;
    },

    /** Messages sent to `userId` that they have not opened. */
    async countUnread(userId: number, q: Executor = db): Promise<number> {
      const [row] = await q
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)));
      return row.n;
    },

    /**
     * The member's conversations, the one with the newest message first, in one query: the
     * last message of each pair (DISTINCT ON over the pair index), the counterpart's row and
     * the unread count per sender. Counterparts who are no longer active members drop out.
     */
    async listConversations(userId: number, page: MessagePage): Promise<ConversationRow[]> {
      const result = await db.execute<RawConversation>(sql`
        with last as (
          select distinct on (least(sender_id, recipient_id), greatest(sender_id, recipient_id))
            id, sender_id, content, created_at,
            case when sender_id = ${userId} then recipient_id else sender_id end as other_id
          from messages
          where sender_id = ${userId} or recipient_id = ${userId}
          order by least(sender_id, recipient_id), greatest(sender_id, recipient_id), id desc
        ), unread as (
          select sender_id, count(*)::int as n from messages
          where recipient_id = ${userId} and read_at is null
          group by sender_id
        )
        select u.id as user_id, u.username, u.first_name, u.last_name, u.profile_image_key,
          last.id as last_id, last.sender_id as last_sender_id, last.content as last_content,
          last.created_at as last_created_at, coalesce(unread.n, 0)::int as unread
        from last
        join users u on u.id = last.other_id and u.status = 'active'
          -- A member who blocked this one is gone from their list; the blocker keeps the thread (docs/decisions/028-safety-kit.md).
          and not exists (select 1 from blocks b where b.blocker_id = u.id and b.blocked_id = ${userId})
        left join unread on unread.sender_id = last.other_id
        ${page.before ? sql`where last.id < ${page.before}` : sql``}
        order by last.id desc
        limit ${page.limit} offset ${page.offset}`);
      return (result as unknown as { rows: RawConversation[] }).rows.map((r) => ({
        userId: r.user_id,
        username: r.username,
        firstName: r.first_name,
        lastName: r.last_name,
        profileImageKey: r.profile_image_key,
        lastMessageId: r.last_id,
        lastMessageSenderId: r.last_sender_id,
        lastMessage: r.last_content,
        lastMessageTime: new Date(r.last_created_at),
        unreadCount: r.unread,
      }));
    },
  };
}
export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
