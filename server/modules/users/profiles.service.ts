import { userMessages } from '../../../contract/users';
import type { Viewer } from '../../access/visibility';
import { ValidationError } from '../../lib/errors';
import type { FilesRepo } from '../files/files.repo';
import type { FoldersRepo } from '../folders/folders.repo';
import { parseSearchText } from '../search/search-text';
import type { FileFilter, SearchRepo } from '../search/search.repo';
import { findActiveMember } from './active-member';
import type { UserRow } from './users.repo';
import type { Follows, Users } from './user-writes';

export type ProfileDeps = {
  users: Users;
  follows: Follows;
  folders: Pick<FoldersRepo, 'countOfOwner'>;
  files: Pick<FilesRepo, 'hydrate'>;
  search: Pick<SearchRepo, 'fileIds' | 'countFiles'>;
};
type Member = NonNullable<Viewer>;
type Page = { offset: number; limit: number };

/** The owner's files as this viewer may see them (server/access/visibility.ts via the search filter). */
function ownerFiles(ownerId: number, search?: string): FileFilter {
  return { ownerId, text: search ? parseSearchText(search) : null };
}

/** Profiles and follows, members only: a suspended or blocking member is as unknown as none (active-member.ts). */
export function createProfileService(d: ProfileDeps) {
  const member = (id: number, viewer: Member) => findActiveMember(d.users, id, viewer);

  async function follow(viewer: Member, id: number, follows: boolean) {
    const user = await findActiveMember(d.users, id, { id: viewer.id });
    if (user.id === viewer.id) throw new ValidationError(userMessages.cannotFollowSelf);
    // A new follow commits with its `follow.added` event, whose handler tells the followee.
    return follows ? d.follows.follow(viewer.id, user.id) : d.follows.unfollow(viewer.id, user.id);
  }

  return {
    /** The member with the counts their profile shows this viewer. */
    async profile(id: number, viewer: Member): Promise<{ user: UserRow; fileCount: number; folderCount: number; isFollowing: boolean; isSelf: boolean }> {
      const user = await member(id, viewer);
      const isSelf = user.id === viewer.id;
      const [fileCount, folderCount, isFollowing] = await Promise.all([
        d.search.countFiles(viewer, ownerFiles(user.id)),
        d.folders.countOfOwner(user.id, viewer),
        isSelf ? false : d.follows.isFollowing(viewer.id, user.id),
      ]);
      return { user, fileCount, folderCount, isFollowing, isSelf };
    },

    /** The ids of a page of the member's files this viewer may see, newest first, narrowed by `search`. */
    async fileIds(id: number, viewer: Member, q: Page & { search?: string }): Promise<number[]> {
      const user = await member(id, viewer);
      const { offset, limit, search } = q;
      // Words that hold no letter or digit narrow to nothing rather than to everything.
      if (search && !parseSearchText(search)) return [];
      return d.search.fileIds(viewer, ownerFiles(user.id, search), 'newest', { offset, limit });
    },

    async countFiles(id: number, viewer: Member): Promise<number> {
      const user = await member(id, viewer);
      return d.search.countFiles(viewer, ownerFiles(user.id));
    },

    async followers(id: number, viewer: Member, page: Page): Promise<UserRow[]> {
      const user = await member(id, viewer);
      return d.follows.listFollowers(user.id, page, viewer);
    },

    async following(id: number, viewer: Member, page: Page): Promise<UserRow[]> {
      const user = await member(id, viewer);
      return d.follows.listFollowing(user.id, page, viewer);
    },

    async isFollowing(id: number, viewer: Member): Promise<boolean> {
      const user = await member(id, viewer);
      return user.id !== viewer.id && (await d.follows.isFollowing(viewer.id, user.id));
    },

    follow: (viewer: Member, id: number) => follow(viewer, id, true),
    unfollow: (viewer: Member, id: number) => follow(viewer, id, false),

    /** Cards of the files the service listed. */
    hydrate: d.files.hydrate,
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
