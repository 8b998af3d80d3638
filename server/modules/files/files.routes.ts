import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam, messageResponse } from '../../../contract/common';
import { analyzeTagsResponse, feedQuery, fileDto, fileMessages, idempotencyKey, optimizationDto, tagsBody } from '../../../contract/files';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { requireUser } from '../../plugins/session';
import { fileAbilities, findVisibleFile, type Viewer } from '../../access/visibility';
import { objectKeyOf, type ObjectRole } from '../../storage/file-objects';
import { presentFiles, uploadUrl } from './files.presenter';
import type { FilesRepo } from './files.repo';
import type { FileReads } from './reads/file-reads';
import { sendJson } from './reads/send-json';
import type { TaggingService } from './tagging.service';
import type { UploadService } from './upload.service';
import type { ViewCounter } from './view-counter';

type Deps = { files: FilesRepo; uploads: UploadService; tagging: TaggingService; reads: FileReads; views: ViewCounter };
const feedPage = z.array(fileDto);
const tags = ['files'];

export async function filesRoutes(app: FastifyInstance, d: Deps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const present = (ids: number[], viewer: Viewer) => presentFiles(d.files, ids, viewer);
  const visibleFile = (id: number, viewer: Viewer) => findVisibleFile(d.files, id, viewer);

  r.post(
    '/api/files',
    {
      config: { budget: 'upload' },
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
    // Shared skeleton and cards, with the member's own private files and likes laid over.
    return sendJson(reply, await d.reads.feedPage(requireUser(request), request.query));
  });

  r.get('/api/files/:id', { schema: { tags, params: idParam, response: { 200: fileDto, 404: errorResponse } } }, async (request, reply) => {
    const viewer = request.user;
    const { card, json } = await d.reads.detail(request.params.id, viewer);
    // Counted in memory and written in batches: opening a file writes nothing on the way.
    if (viewer && viewer.id !== card.userId) d.views.record(card.id, viewer.id);
    return sendJson(reply, json);
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

  r.post('/api/files/:id/analyze-tags', { config: { budget: 'analyze' }, schema: { tags, params: idParam, response: { 200: analyzeTagsResponse } } }, async (request) => {
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
