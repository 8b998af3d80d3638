import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, ilike } from 'drizzle-orm';
import { z } from 'zod';
import { errorResponse, idParam } from '../../../contract/common';
import { fileDto } from '../../../contract/files';
import { visibleFilesSql } from '../../access/visibility';
import { files } from '../../db/schema/index';
import { requireUser } from '../../plugins/session';
import { presentFiles } from './files.presenter';
import type { FilesRepo } from './files.repo';

const query = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});

/**
 * `GET /api/users/{id}/files?offset&limit&search` (spec 2 §7): a member's files newest first,
 * as far as the viewer may see them (the visibility module decides); `search` matches the name.
 * The folder's Edit Files dialog lists the member's own files with it (limit 100).
 */
export async function userFilesRoutes(app: FastifyInstance, d: { files: FilesRepo }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/users/:id/files', { schema: { tags: ['files'], params: idParam, querystring: query, response: { 200: z.array(fileDto), 401: errorResponse } } }, async (request) => {
    const viewer = requireUser(request);
    const { offset, limit, search } = request.query;
    const literal = search ? search.replace(/[\\%_]/g, (c) => `\\${c}`) : null;
    const where = and(visibleFilesSql(viewer), eq(files.userId, request.params.id), literal ? ilike(files.name, `%${literal}%`) : undefined)!;
    return presentFiles(d.files, await d.files.feedIds(where, { offset, limit }), viewer);
  });
}
