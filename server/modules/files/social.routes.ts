import type { fileEndpoints } from '../../../contract/api/files';
import type { HandlersFor } from '../../plugins/endpoints';
import { altOf, toCommentDto, uploadUrl } from './files.presenter';
import { sendJson } from './reads/send-json';
import type { SocialService } from './social.service';

/** The entries of contract/api/files.ts answered here; the rest are files.routes.ts's. */
export type SocialEndpointName = 'likeFile' | 'unlikeFile' | 'listFileComments' | 'addFileComment' | 'listRandomFiles' | 'listSlideshowImages' | 'listRandomTags';

/** Likes, comments and the discovery lists (the rules and caches: social.service.ts). */
export function socialHandlers(d: { social: SocialService }): HandlersFor<Pick<typeof fileEndpoints, SocialEndpointName>> {
  const social = d.social;
  return {
    likeFile: async (request) => ({ isLiked: true, likeCount: await social.like(request.params.id, request.user) }),

    unlikeFile: async (request) => ({ isLiked: false, likeCount: await social.unlike(request.params.id, request.user) }),

    listFileComments: async (request, reply) => sendJson(reply, await social.commentsPage(request.params.id, request.user, request.query)),

    addFileComment: async (request, reply) => {
      const { comment, notice } = await social.comment(request.params.id, request.user, request.body.content);
      return reply.status(201).send({ ...toCommentDto(comment, request.user), ...(notice ? { notice } : {}) });
    },

    listRandomFiles: async (request, reply) => sendJson(reply, await social.randomPage(request.user, request.query)),

    listSlideshowImages: async () =>
      (await social.slideshow()).map((s) => ({ id: s.id, name: s.name, alt: altOf(s), filePath: uploadUrl(s.webpKey ?? s.storageKey), placeholder: s.placeholder, user: { username: s.username } })),

    listRandomTags: async (request) => social.randomTags(request.query.limit),
  };
}
