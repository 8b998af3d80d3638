import type { EventWriter } from '../../events/event-writer';
import type { FollowState, FollowsRepo } from './follows.repo';
import type { NewUser, UsersRepo } from './users.repo';

/**
 * Members' rows with their writes: each runs in one transaction that records what it did
 * (server/events/event-table.ts says what follows from it).
 */
export function createUserWrites(repo: UsersRepo, events: EventWriter) {
  return {
    ...repo,
    insert: (values: NewUser) =>
      events.write(async (tx, emit) => {
        const row = await repo.insert(tx, values);
        emit({ type: 'user.created', userId: row.id });
        return row;
      }),
    update: (id: number, values: Partial<NewUser>) =>
      events.write(async (tx, emit) => {
        const row = await repo.update(tx, id, values);
        emit({ type: 'user.updated', userId: id, changed: Object.keys(values) as (keyof NewUser)[] });
        return row;
      }),
    mergePreferences: (id: number, patch: Record<string, unknown>) =>
      events.write(async (tx, emit) => {
        const row = await repo.mergePreferences(tx, id, patch);
        emit({ type: 'user.updated', userId: id, changed: ['preferences'] });
        return row;
      }),
  };
}
export type Users = ReturnType<typeof createUserWrites>;

/** Follows and unfollows; a repeated one changes nothing and records nothing. */
export function createFollowWrites(repo: FollowsRepo, events: EventWriter) {
  const change = (followerId: number, followingId: number, add: boolean) =>
    events.write(async (tx, emit): Promise<FollowState> => {
      const { changed, ...state } = await repo.change(tx, followerId, followingId, add);
      if (changed) emit({ type: add ? 'follow.added' : 'follow.removed', followerId, followingId });
      return state;
    });
  return {
    ...repo,
    follow: (followerId: number, followingId: number) => change(followerId, followingId, true),
    unfollow: (followerId: number, followingId: number) => change(followerId, followingId, false),
  };
}
export type Follows = ReturnType<typeof createFollowWrites>;
