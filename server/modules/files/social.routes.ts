import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery } from '../../../contract/common';
import { commentBody, commentDto, fileDto, likeResponse, randomQuery, slideshowImage } from '../../../contract/files';
import { discoveryOptions, findVisibleFile, visibleFilesSql, type Viewer } from '../../access/visibility';
import { requireUser } from '../../plugins/session';
import type { DiscoveryRepo } from './discovery.repo';
import { toCommentDto, uploadUrl } from './files.presenter';
import type { FilesRepo } from './files.repo';
import type { FileReads } from './reads/file-reads';
import { sendJson } from './reads/send-json';
import type { SocialRepo } from './social.repo';

type Deps = { files: FilesRepo; social: SocialRepo; discovery: DiscoveryRepo; reads: FileReads };
const feedPage = z.array(fileDto);
const tags = ['files'];

/** A seed that changes each hour: random feeds page consistently, and still change over time. */
function hourSeed(): string {
  return String(Math.floor(Date.now() / 3_600_000));
}

export async function socialRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const visibleFileId = async (id: number, viewer: Viewer) => (await findVisibleFile(d.files, id, viewer)).id;

  r.post('/api/files/:id/like', { config: { budget: 'like' }, schema: { tags, params: idParam, response: { 200: likeResponse } } }, async (request) => {
    const user = requireUser(request);
    const file = await findVisibleFile(d.files, request.params.id, user);
    // The like commits with its `like.added` event; the owner is told by its handler, not here.
    return { isLiked: true, likeCount: await d.social.like(file.id, user.id) };
  });

  r.delete('/api/files/:id/like', { config: { budget: 'like' }, schema: { tags, params: idParam, response: { 200: likeResponse } } }, async (request) => {
    const user = requireUser(request);
    const id = await visibleFileId(request.params.id, user);
    return { isLiked: false, likeCount: await d.social.unlike(id, user.id) };
  });

  r.get('/api/files/:id/comments', { schema: { tags, params: idParam, querystring: pageQuery, response: { 200: z.array(commentDto) } } }, async (request, reply) => {
    return sendJson(reply, await d.reads.commentsPage(request.params.id, request.user, request.query));
  });

  r.post('/api/files/:id/comments', { config: { budget: 'comment' }, schema: { tags, params: idParam, body: commentBody, response: { 201: commentDto } } }, async (request, reply) => {
    const user = requireUser(request);
    const file = await findVisibleFile(d.files, request.params.id, user);
    // The comment commits with its `comment.added` event, whose handler tells the owner and earlier commenters.
    const comment = await d.social.addComment(file.id, user.id, request.body.content.trim());
    return reply.status(201).send(toCommentDto(comment, user));
  });

  r.get('/api/files/random', { schema: { tags, querystring: randomQuery, response: { 200: feedPage } } }, async (request, reply) => {
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
  });

  r.get('/api/slideshow/images', { schema: { tags, response: { 200: z.array(slideshowImage) } } }, async () => {
    // The sign-in screen's showcase: what a visitor may see, whoever asks.
    const rows = await d.discovery.slideshow(visibleFilesSql(null, discoveryOptions(null)), 12, hourSeed());
    return rows.map((s) => ({ id: s.id, name: s.name, filePath: uploadUrl(s.webpKey ?? s.storageKey), placeholder: s.placeholder, user: { username: s.username } }));
  });

  let tagCache: { at: number; tags: string[] } | null = null;
  r.get('/api/tags/random', { schema: { tags, querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }), response: { 200: z.array(z.string()) } } }, async (request) => {
    // The marquee is decoration: a minute-old draw is fine, and spares a scan of every tag. One
    // draw serves every viewer, so it holds only what anyone may see: public files' tags.
    if (!tagCache || Date.now() - tagCache.at > 60_000) tagCache = { at: Date.now(), tags: await d.discovery.randomTags(visibleFilesSql(null), 100) };
    return tagCache.tags.slice(0, request.query.limit);
  });
}
