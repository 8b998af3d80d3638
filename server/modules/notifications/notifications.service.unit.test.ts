import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createLocalHub } from '../../live/live-hub';
import { isViewMilestone, createNotificationsService } from './notifications.service';
import type { NotificationsRepo } from './notifications.repo';

describe('isViewMilestone', () => {
  it('is true at 10, 100, 1000 … only', () => {
    expect([1, 9, 10, 11, 20, 99, 100, 110, 1000, 10_000, 100_000].filter(isViewMilestone)).toEqual([10, 100, 1000, 10_000, 100_000]);
  });
});

describe('a failure to notify', () => {
  it('is logged and never thrown into the member action', async () => {
    const error = vi.fn();
    const repo = { insert: vi.fn().mockRejectedValue(new Error('database gone')) } as unknown as NotificationsRepo;
    const service = createNotificationsService({
      repo,
      queue: { send: vi.fn() },
      live: createLocalHub(),
      files: { findOneWhere: vi.fn() },
      folders: { findVisible: vi.fn(), findVisibleByIds: vi.fn() },
      log: { error } as unknown as FastifyBaseLogger,
    });
    const actor = { id: 2, username: 'ana', firstName: 'Ana', lastName: null, profileImageKey: null };
    await expect(service.liked({ id: 5, userId: 1, name: 'Sunset' }, actor)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'like' }), 'notification failed');
  });

  it('never notifies the actor themself (no insert at all)', async () => {
    const repo = { insert: vi.fn() } as unknown as NotificationsRepo;
    const service = createNotificationsService({
      repo,
      queue: { send: vi.fn() },
      live: createLocalHub(),
      files: { findOneWhere: vi.fn() },
      folders: { findVisible: vi.fn(), findVisibleByIds: vi.fn() },
      log: { error: vi.fn() } as unknown as FastifyBaseLogger,
    });
    await service.liked({ id: 5, userId: 2, name: 'Mine' }, { id: 2, username: 'ana', firstName: null, lastName: null, profileImageKey: null });
    await service.followed(2, { id: 2, username: 'ana', firstName: null, lastName: null, profileImageKey: null });
    expect(repo.insert).not.toHaveBeenCalled();
  });
});
