import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam, pageQuery } from '../../../contract/common';
import { fileDto } from '../../../contract/files';
import { followResponse, followStatusResponse, userCountResponse, userFilesQuery, userList, userMessages, userProfile } from '../../../contract/users';
import type { Viewer } from '../../access/visibility';
import { ValidationError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
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

const tags = ['users'];
const notFound = { 404: errorResponse };

/** The owner's files as this viewer may see them (server/access/visibility.ts via the search filter). */
function ownerFiles(ownerId: number, search?: string): FileFilter {
  return { ownerId, text: search ? parseSearchText(search) : null };
}

/** Profiles and follows (spec 2 §2 Profile, §7 Users); members only. */
export async function profilesRoutes(app: FastifyInstance, d: ProfileDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/users/:id', { schema: { tags, params: idParam, response: { 200: userProfile, ...notFound } } }, async (request) => {
    const viewer = requireUser(request);
    const user = await findActiveMember(d.users, request.params.id);
    const isSelf = user.id === viewer.id;
    const [fileCount, folderCount, isFollowing] = await Promise.all([
      d.search.countFiles(viewer, ownerFiles(user.id)),
      d.folders.countOfOwner(user.id, viewer),
      isSelf ? false : d.follows.isFollowing(viewer.id, user.id),
    ]);
    return { ...toPublicUser(user), fileCount, folderCount, isFollowing, isSelf, ...(isSelf ? { email: user.email } : {}) };
  });

  r.get('/api/users/:id/files', { schema: { tags, params: idParam, querystring: userFilesQuery, response: { 200: z.array(fileDto), ...notFound } } }, async (request) => {
    const viewer: Viewer = requireUser(request);
    const user = await findActiveMember(d.users, request.params.id);
    const { offset, limit, search } = request.query;
    // Words that hold no letter or digit narrow to nothing rather than to everything.
    if (search && !parseSearchText(search)) return [];
    const ids = await d.search.fileIds(viewer, ownerFiles(user.id, search), 'newest', { offset, limit });
    return presentFiles(d.files, ids, viewer);
  });

  r.get('/api/users/:id/files/count', { schema: { tags, params: idParam, response: { 200: userCountResponse, ...notFound } } }, async (request) => {
    const viewer = requireUser(request);
    const user = await findActiveMember(d.users, request.params.id);
    return { count: await d.search.countFiles(viewer, ownerFiles(user.id)) };
  });

  r.get('/api/users/:id/followers', { schema: { tags, params: idParam, querystring: pageQuery, response: { 200: userList, ...notFound } } }, async (request) => {
    requireUser(request);
    const user = await findActiveMember(d.users, request.params.id);
    return (await d.follows.listFollowers(user.id, request.query)).map(toPublicUser);
  });

  r.get('/api/users/:id/following', { schema: { tags, params: idParam, querystring: pageQuery, response: { 200: userList, ...notFound } } }, async (request) => {
    requireUser(request);
    const user = await findActiveMember(d.users, request.params.id);
    return (await d.follows.listFollowing(user.id, request.query)).map(toPublicUser);
  });

  r.get('/api/users/:id/follow-status', { schema: { tags, params: idParam, response: { 200: followStatusResponse, ...notFound } } }, async (request) => {
    const viewer = requireUser(request);
    const user = await findActiveMember(d.users, request.params.id);
    return { isFollowing: user.id !== viewer.id && (await d.follows.isFollowing(viewer.id, user.id)) };
  });

  for (const method of ['post', 'delete'] as const) {
    r[method]('/api/users/:id/follow', { config: { budget: 'follow', recipient: (q) => (q.params as { id: number }).id }, schema: { tags, params: idParam, response: { 200: followResponse, 400: errorResponse, ...notFound } } }, async (request) => {
      const viewer = requireUser(request);
      const user = await findActiveMember(d.users, request.params.id);
      if (user.id === viewer.id) throw new ValidationError(userMessages.cannotFollowSelf);
      // A new follow commits with its `follow.added` event, whose handler tells the followee.
      return method === 'delete' ? d.follows.unfollow(viewer.id, user.id) : d.follows.follow(viewer.id, user.id);
    });
  }
}
