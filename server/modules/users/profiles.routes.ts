import type { profileEndpoints } from '../../../contract/api/users';
import type { HandlersFor } from '../../plugins/endpoints';
import { presentFiles } from '../files/files.presenter';
import type { ProfileService } from './profiles.service';
import { toPublicUser } from './users.presenter';

/** Profiles and follows; members only (the rules: profiles.service.ts). */
export function profileHandlers(d: { profiles: ProfileService }): HandlersFor<typeof profileEndpoints> {
  const profiles = d.profiles;
  return {
    getUserProfile: async (request) => {
      const viewer = request.user;
      const { user, fileCount, folderCount, isFollowing, isSelf } = await profiles.profile(request.params.id, viewer);
      return {
        ...toPublicUser(user),
        fileCount,
        folderCount,
        isFollowing,
        isSelf,
        ...(isSelf ? { email: user.email } : {}),
        ...(viewer.isAdmin ? { isSuspended: user.suspendedAt !== null } : {}),
      };
    },

    listUserFiles: async (request) => presentFiles(profiles, await profiles.fileIds(request.params.id, request.user, request.query), request.user),

    countUserFiles: async (request) => ({ count: await profiles.countFiles(request.params.id, request.user) }),

    listFollowers: async (request) => (await profiles.followers(request.params.id, request.user, request.query)).map(toPublicUser),

    listFollowing: async (request) => (await profiles.following(request.params.id, request.user, request.query)).map(toPublicUser),

    getFollowStatus: async (request) => ({ isFollowing: await profiles.isFollowing(request.params.id, request.user) }),

    followUser: async (request) => profiles.follow(request.user, request.params.id),
    unfollowUser: async (request) => profiles.unfollow(request.user, request.params.id),
  };
}
