import type { profileEndpoints } from '../../../contract/api/users';
import { userMessages } from '../../../contract/users';
import type { HandlersFor } from '../../plugins/endpoints';
import { ValidationError } from '../../lib/errors';
import { presentFiles } from '../files/files.presenter';
import type { FilesRepo } from '../files/files.repo';
import type { FoldersRepo } from '../folders/folders.repo';
import { parseSearchText } from '../search/search-text';
import type { FileFilter, SearchRepo } from '../search/search.repo';
import type { FollowsRepo } from './follows.repo';
import { toPublicUser } from './users.presenter';
import { findActiveMember } from './active-member';
import type { UsersRepo } from './users.repo';

export type ProfileDeps = {
  users: UsersRepo;
  follows: FollowsRepo;
  folders: Pick<FoldersRepo, 'countOfOwner'>;
  files: Pick<FilesRepo, 'hydrate'>;
  search: Pick<SearchRepo, 'fileIds' | 'countFiles'>;
};

/** The owner's files as this viewer may see them (server/access/visibility.ts via the search filter). */
function ownerFiles(ownerId: number, search?: string): FileFilter {
  return { ownerId, text: search ? parseSearchText(search) : null };
}

/** Profiles and follows (spec 2 §2 Profile, §7 Users); members only. */
export function profileHandlers(d: ProfileDeps): HandlersFor<typeof profileEndpoints> {
  const follow = async (viewerId: number, id: number, follows: boolean) => {
    const user = await findActiveMember(d.users, id);
    if (user.id === viewerId) throw new ValidationError(userMessages.cannotFollowSelf);
    // A new follow commits with its `follow.added` event, whose handler tells the followee.
    return follows ? d.follows.follow(viewerId, user.id) : d.follows.unfollow(viewerId, user.id);
  };
  return {
    getUserProfile: async (request) => {
      const viewer = request.user;
      const user = await findActiveMember(d.users, request.params.id);
      const isSelf = user.id === viewer.id;
      const [fileCount, folderCount, isFollowing] = await Promise.all([
        d.search.countFiles(viewer, ownerFiles(user.id)),
        d.folders.countOfOwner(user.id, viewer),
        isSelf ? false : d.follows.isFollowing(viewer.id, user.id),
      ]);
      return { ...toPublicUser(user), fileCount, folderCount, isFollowing, isSelf, ...(isSelf ? { email: user.email } : {}) };
    },

    listUserFiles: async (request) => {
      const viewer = request.user;
      const user = await findActiveMember(d.users, request.params.id);
      const { offset, limit, search } = request.query;
      // Words that hold no letter or digit narrow to nothing rather than to everything.
      if (search && !parseSearchText(search)) return [];
      const ids = await d.search.fileIds(viewer, ownerFiles(user.id, search), 'newest', { offset, limit });
      return presentFiles(d.files, ids, viewer);
    },

    countUserFiles: async (request) => {
      const user = await findActiveMember(d.users, request.params.id);
      return { count: await d.search.countFiles(request.user, ownerFiles(user.id)) };
    },

    listFollowers: async (request) => {
      const user = await findActiveMember(d.users, request.params.id);
      return (await d.follows.listFollowers(user.id, request.query)).map(toPublicUser);
    },

    listFollowing: async (request) => {
      const user = await findActiveMember(d.users, request.params.id);
      return (await d.follows.listFollowing(user.id, request.query)).map(toPublicUser);
    },

    getFollowStatus: async (request) => {
      const viewer = request.user;
      const user = await findActiveMember(d.users, request.params.id);
      return { isFollowing: user.id !== viewer.id && (await d.follows.isFollowing(viewer.id, user.id)) };
    },

    followUser: async (request) => follow(request.user.id, request.params.id, true),
    unfollowUser: async (request) => follow(request.user.id, request.params.id, false),
  };
}
