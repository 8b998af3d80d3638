import type { fileEndpoints } from '../../../contract/api/files';
import { fileMessages } from '../../../contract/files';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { fileAbilities, findVisibleFile, type Viewer } from '../../access/visibility';
import { objectKeyOf, type ObjectRole } from '../../storage/file-objects';
import type { HandlersFor } from '../../plugins/endpoints';
import { presentFiles, uploadUrl } from './files.presenter';
import type { EditService } from './edit.service';
import type { Files } from './file-writes';
import type { FileReads } from './reads/file-reads';
import { sendJson } from './reads/send-json';
import type { SocialEndpointName } from './social.routes';
import type { TaggingService } from './tagging.service';
import { withUploadBody } from './upload-body';
import type { UploadService } from './upload.service';
import type { ViewCounter } from './view-counter';

type Deps = {
  files: Files;
  uploads: UploadService;
  /** Where an upload in flight is written (config.tmpDir); the start-up sweep empties what a crash left. */
  tmpDir: string;
  tagging: TaggingService;
  reads: FileReads;
  views: ViewCounter;
  edits: EditService;
};

/** Upload, the feed, one file, its deletion and tags (the likes, comments and discovery lists: social.routes.ts). */
export function fileHandlers(d: Deps): HandlersFor<Omit<typeof fileEndpoints, SocialEndpointName>> {
  const present = (ids: number[], viewer: Viewer) => presentFiles(d.files, ids, viewer);
  const visibleFile = (id: number, viewer: Viewer) => findVisibleFile(d.files, id, viewer);

  return {
    uploadFile: async (request, reply) => {
      const user = request.user;
      // The entry's `headers` schema checked it: one key or none.
      const headerKey = request.headers['idempotency-key'] as string | undefined;
      const start = await d.uploads.begin(user, headerKey);
      // The body becomes fields and a temporary file, cut at the room the member's quota leaves.
      const { file, created } =
        'earlier' in start ? start.earlier : await withUploadBody(request, { tmpDir: d.tmpDir, room: start.room }, (body) => d.uploads.store(user, body, { room: start.room, headerKey, log: request.log }));
      const [dto] = await present([file.id], user);
      // 200 for a retry answered with the first upload, 201 when this request stored it.
      return reply.status(created ? 201 : 200).send(dto);
    },

    // Shared skeleton and cards, with the member's own private files and likes laid over.
    listFeed: (request, reply) => {
      const page = d.reads.feedPage(request.user, request.query);
      // Sent before the handler returns: Fastify waits for nothing.
      if (Buffer.isBuffer(page)) return void sendJson(reply, page);
      return page.then((json) => sendJson(reply, json));
    },

    getFile: async (request, reply) => {
      const viewer = request.user;
      const { card, json } = await d.reads.detail(request.params.id, viewer);
      // Counted in memory and written in batches: opening a file writes nothing on the way.
      if (viewer && viewer.id !== card.userId) d.views.record(card.id, viewer.id);
      return sendJson(reply, json);
    },

    deleteFile: async (request) => {
      const user = request.user;
      const file = await visibleFile(request.params.id, user);
      if (!fileAbilities(file, user).canDelete) throw new ForbiddenError(fileMessages.notOwner);
      await d.uploads.remove(file);
      return { message: 'File deleted' };
    },

    updateFile: async (request) => {
      const file = await d.edits.edit(request.params.id, request.user, request.body);
      const [dto] = await present([file.id], request.user);
      return dto;
    },

    updateFileTags: async (request) => {
      const user = request.user;
      const file = await visibleFile(request.params.id, user);
      if (!fileAbilities(file, user).canEdit) throw new ForbiddenError(fileMessages.notOwner);
      await d.files.update(file.id, { tags: request.body.tags });
      const [dto] = await present([file.id], user);
      return dto;
    },

    analyzeFileTags: async (request) => {
      const user = request.user;
      const file = await visibleFile(request.params.id, user);
      if (!fileAbilities(file, user).canEdit) throw new ForbiddenError(fileMessages.notOwner);
      return d.tagging.analyze(file);
    },

    getFileOptimization: async (request) => {
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
    },
  };
}
