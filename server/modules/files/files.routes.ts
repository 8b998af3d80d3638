import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam, messageResponse } from '../../../contract/common';
import { analyzeTagsResponse, feedQuery, fileDto, fileMessages, idempotencyKey, optimizationDto, tagsBody } from '../../../contract/files';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { fileAbilities, findVisibleFile, visibleFilesSql, type Viewer } from '../../access/visibility';
import { objectKeyOf, type ObjectRole } from '../../storage/file-objects';
import { presentFiles, uploadUrl } from './files.presenter';
import type { FeedCache } from './feed-cache';
import type { FilesRepo } from './files.repo';
import type { SocialRepo } from './social.repo';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TaggingService } from './tagging.service';
import type { UploadService } from './upload.service';

type Deps = { files: FilesRepo; social: SocialRepo; uploads: UploadService; tagging: TaggingService; feedCache: FeedCache; notifications: NotificationsService };
const feedPage = z.array(fileDto);
const tags = ['files'];

export async function filesRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const present = (ids: number[], viewer: Viewer) => presentFiles(d.files, ids, viewer);
  const visibleFile = (id: number, viewer: Viewer) => findVisibleFile(d.files, id, viewer);

  r.post(
    '/api/files',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        // Loose: the other headers (cookie, origin) must stay on the request.
        headers: z.looseObject({ 'idempotency-key': idempotencyKey.optional() }),
        response: { 200: fileDto, 201: fileDto, 400: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { file, created } = await d.uploads.upload(request, user, request.headers['idempotency-key']);
      const [dto] = await present([file.id], user);
      // 200 for a retry answered with the first upload, 201 when this request stored it.
      return reply.status(created ? 201 : 200).send(dto);
    },
  );

  r.get('/api/files', { schema: { tags, querystring: feedQuery, response: { 200: feedPage, 401: errorResponse } } }, async (request, reply) => {
    const user = requireUser(request);
    const q = request.query;
    // Per viewer: the page holds their own private files and their likes.
    return d.feedCache.send(reply, ['files', user.id, q], feedPage, async () =>
      present(await d.files.feedIds(visibleFilesSql(user), q), user),
    );
  });

  r.get('/api/files/:id', { schema: { tags, params: idParam, response: { 200: fileDto, 404: errorResponse } } }, async (request) => {
    const viewer = request.user;
    const file = await visibleFile(request.params.id, viewer);
    if (viewer && viewer.id !== file.userId) {
      const total = await d.social.recordView(file.id, viewer.id);
      if (total !== null) await d.notifications.viewed(file, total);
    }
    const [dto] = await present([file.id], viewer);
    return dto;
  });

  r.delete('/api/files/:id', { schema: { tags, params: idParam, response: { 200: messageResponse, 404: errorResponse } } }, async (request) => {
    const user = requireUser(request);
    const file = await visibleFile(request.params.id, user);
    if (!fileAbilities(file, user).canDelete) throw new ForbiddenError(fileMessages.notOwner);
    await d.uploads.remove(file);
    return { message: 'File deleted' };
  });

  r.patch('/api/files/:id/tags', { schema: { tags, params: idParam, body: tagsBody, response: { 200: fileDto } } }, async (request) => {
    const user = requireUser(request);
    const file = await visibleFile(request.params.id, user);
    if (!fileAbilities(file, user).canEdit) throw new ForbiddenError(fileMessages.notOwner);
    await d.files.update(file.id, { tags: request.body.tags });
    const [dto] = await present([file.id], user);
    return dto;
  });

  r.post('/api/files/:id/analyze-tags', { schema: { tags, params: idParam, response: { 200: analyzeTagsResponse } } }, async (request) => {
    const user = requireUser(request);
    const file = await visibleFile(request.params.id, user);
    if (!fileAbilities(file, user).canEdit) throw new ForbiddenError(fileMessages.notOwner);
    return d.tagging.analyze(file);
  });

  r.get('/api/files/:id/optimization', { schema: { tags, params: idParam, response: { 200: optimizationDto } } }, async (request) => {
    const file = await visibleFile(request.params.id, request.user);
    if (file.kind !== 'image') throw new NotFoundError('Optimization info exists for images only');
    const url = (role: ObjectRole) => {
      const key = objectKeyOf(file, role);
      return key ? uploadUrl(key) : undefined;
    };
    return {
      originalSize: file.size,
      compressedSize: file.compressedSize,
      webpSize: file.webpSize,
      thumbnailSize: file.thumbnailSize,
      width: file.width,
      height: file.height,
      formats: { original: uploadUrl(file.storageKey), compressed: url('compressed'), webp: url('webp'), thumbnail: url('thumbnail') },
    };
  });
}
