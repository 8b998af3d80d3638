import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLiveHub, type LiveEvent } from '../../live/live-hub';
import { createNotifier } from './notifier';
import type { NotificationRow, NotificationsRepo } from './notifications.repo';

const actor = { id: 2, username: 'ana', firstName: 'Ana', lastName: 'Test', profileImageKey: null };

function row(over: Partial<NotificationRow> = {}): NotificationRow {
  return { id: 7, userId: 1, type: 'like', fromUserId: 2, fileId: 5, folderId: null, inviteId: null, message: 'Ana Test liked your file "Sunset"', dedupeKey: 'like:5:2', isRead: false, mailedAt: null, createdAt: new Date(), ...over };
}

function notifier(repo: Partial<Pick<NotificationsRepo, 'insertMany' | 'unreadCounts'>>, log = { error: vi.fn() }) {
  const live = createLiveHub();
  const heard: LiveEvent[] = [];
  live.subscribe(1, (e) => heard.push(e));
  const sendMany = vi.fn();
  const n = createNotifier({
    // No block stands between anyone here: every row to be is kept.
    repo: { insertMany: vi.fn(), unreadCounts: vi.fn().mockResolvedValue(new Map([[1, 3]])), withoutBlocked: async (values: unknown[]) => values, ...repo } as never,
    queue: { sendMany },
    live,
    folders: { findVisibleByIds: vi.fn().mockResolvedValue([]) },
    log: log as unknown as FastifyBaseLogger,
  });
  return { n, heard, sendMany };
}

describe('createNotifier().deliver', () => {
  it('never notifies the actor themself: nothing is inserted', async () => {
    const insertMany = vi.fn(async (values: unknown[]) => values as NotificationRow[]);
    const { n, heard } = notifier({ insertMany });
    await n.deliver([{ userId: 2, type: 'like', fromUserId: 2, fileId: 5, message: 'x' }], { actor });
    expect(insertMany).not.toHaveBeenCalled();
    expect(heard).toEqual([]);
  });

  it('publishes a notification and the badge for each row inserted, nothing for a repeat', async () => {
    let inserted: NotificationRow[] = [row()];
    const { n, heard } = notifier({ insertMany: vi.fn(async () => inserted) });
    await n.deliver([{ userId: 1, type: 'like', fromUserId: 2, fileId: 5, message: 'x', dedupeKey: 'like:5:2' }], { actor, fileName: 'Sunset' });
    expect(heard.map((e) => e.type)).toEqual(['notification', 'unread']);
    expect(heard[0].data).toMatchObject({ id: 7, type: 'like', fromUser: { id: 2, firstName: 'Ana' } });
    expect(heard[1].data).toEqual({ notifications: 3 });
    inserted = [];
    await n.deliver([{ userId: 1, type: 'like', fromUserId: 2, fileId: 5, message: 'x', dedupeKey: 'like:5:2' }], { actor, fileName: 'Sunset' });
    expect(heard).toHaveLength(2);
  });

  it('tells nothing, and asks for no retry, when what the row points at was deleted', async () => {
    const gone = Object.assign(new Error('insert or update violates foreign key constraint'), { code: '23503', constraint: 'notifications_file_id_files_id_fk' });
    const { n, heard } = notifier({ insertMany: vi.fn().mockRejectedValue(gone) });
    await expect(n.deliver([{ userId: 1, type: 'like', fromUserId: 2, fileId: 5, message: 'x' }], { actor })).resolves.toEqual([]);
    expect(heard).toEqual([]);
  });

  it('tells the rest of a batch, one by one, when one of its rows points at something deleted', async () => {
    const gone = Object.assign(new Error('foreign key'), { code: '23503' });
    const insertMany = vi.fn(async (values: { fileId?: number | null }[]) => {
      if (values.length > 1 || values[0].fileId === 6) throw gone;
      return [row({ fileId: values[0].fileId ?? null })];
    });
    const { n, heard } = notifier({ insertMany: insertMany as never });
    const like = (fileId: number) => ({ values: { userId: 1, type: 'like' as const, fromUserId: 2, fileId, message: 'x', dedupeKey: `like:${fileId}:2` }, shown: { actor } });
    const rows = await n.deliverEach([like(5), like(6)]);
    expect(rows.map((r) => r.fileId)).toEqual([5]);
    expect(heard.filter((e) => e.type === 'notification')).toHaveLength(1);
  });

  it('lets any other failure through, so the job is retried', async () => {
    const { n } = notifier({ insertMany: vi.fn().mockRejectedValue(new Error('database gone')) });
    await expect(n.deliver([{ userId: 1, type: 'like', fromUserId: 2, fileId: 5, message: 'x' }], { actor })).rejects.toThrow('database gone');
  });

  it('logs a failed live publish once the rows are committed, and does not throw', async () => {
    const log = { error: vi.fn() };
    const { n } = notifier({ insertMany: vi.fn(async () => [row()]), unreadCounts: vi.fn().mockRejectedValue(new Error('redis down')) }, log);
    await expect(n.deliver([{ userId: 1, type: 'like', fromUserId: 2, fileId: 5, message: 'x' }], { actor })).resolves.toHaveLength(1);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'live notification events failed');
  });
});
