import type { fileEndpoints } from '../../../contract/api/files';
import { discoveryOptions, findVisibleFile, visibleFilesSql, type Viewer } from '../../access/visibility';
import type { HandlersFor } from '../../plugins/endpoints';
import type { DiscoveryRepo } from './discovery.repo';
import { toCommentDto, uploadUrl } from './files.presenter';
import type { FilesRepo } from './files.repo';
import type { FileReads } from './reads/file-reads';
import { sendJson } from './reads/send-json';
import type { SocialRepo } from './social.repo';

type Deps = { files: FilesRepo; social: SocialRepo; discovery: DiscoveryRepo; reads: FileReads };

/** The entries of contract/api/files.ts answered here; the rest are files.routes.ts's. */
export type SocialEndpointName = 'likeFile' | 'unlikeFile' | 'listFileComments' | 'addFileComment' | 'listRandomFiles' | 'listSlideshowImages' | 'listRandomTags';

/** A seed that changes each hour: random feeds page consistently, and still change over time. */
function hourSeed(): string {
  return String(Math.floor(Date.now() / 3_600_000));
}

/** Likes, comments and the discovery lists (random files, the sign-in slideshow, the tag marquee). */
export function socialHandlers(d: Deps): HandlersFor<Pick<typeof fileEndpoints, SocialEndpointName>> {
  const visibleFileId = async (id: number, viewer: Viewer) => (await findVisibleFile(d.files, id, viewer)).id;
  let tagCache: { at: number; tags: string[] } | null = null;

  return {
    likeFile: async (request) => {
      const user = request.user;
      const file = await findVisibleFile(d.files, request.params.id, user);
      // The like commits with its `like.added` event; the owner is told by its handler, not here.
      return { isLiked: true, likeCount: await d.social.like(file.id, user.id) };
    },

    unlikeFile: async (request) => {
      const user = request.user;
      const id = await visibleFileId(request.params.id, user);
      return { isLiked: false, likeCount: await d.social.unlike(id, user.id) };
    },

    listFileComments: async (request, reply) => sendJson(reply, await d.reads.commentsPage(request.params.id, request.user, request.query)),

    addFileComment: async (request, reply) => {
      const user = request.user;
      const file = await findVisibleFile(d.files, request.params.id, user);
      // The comment commits with its `comment.added` event, whose handler tells the owner and earlier commenters.
      const comment = await d.social.addComment(file.id, user.id, request.body.content.trim());
      return reply.status(201).send(toCommentDto(comment, user));
    },

    listRandomFiles: async (request, reply) => {
      const q = request.query;
      const seed = hourSeed();
      // Visitors (the landing page) never get NSFW pictures; members get them blurred by preference.
      const options = discoveryOptions(request.user);
      const where = visibleFilesSql(request.user, options);
      // All visitors share one list per query; a member's holds their private files.
      const key = JSON.stringify(['random', request.user?.id ?? 'visitor', q, seed]);
      const load = () => d.discovery.ids(where, { sort: q.sortBy ?? 'random', type: q.fileType, offset: q.offset, limit: q.limit, seed });
      const json = await d.reads.listPage(key, request.user, load, options);
      return sendJson(reply, json);
    },

    listSlideshowImages: async () => {
      // The sign-in screen's showcase: what a visitor may see, whoever asks.
      const rows = await d.discovery.slideshow(visibleFilesSql(null, discoveryOptions(null)), 12, hourSeed());
      return rows.map((s) => ({ id: s.id, name: s.name, filePath: uploadUrl(s.webpKey ?? s.storageKey), placeholder: s.placeholder, user: { username: s.username } }));
    },

    listRandomTags: async (request) => {
      // The marquee is decoration: a minute-old draw is fine, and spares a scan of every tag. One
      // draw serves every viewer, so it holds only what anyone may see: public files' tags.
      if (!tagCache || Date.now() - tagCache.at > 60_000) tagCache = { at: Date.now(), tags: await d.discovery.randomTags(visibleFilesSql(null), 100) };
      return tagCache.tags.slice(0, request.query.limit);
    },
  };
}
