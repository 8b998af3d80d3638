import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParam } from '../../../contract/common';
import { fileDto } from '../../../contract/files';
import { duplicateDto, similarQuery } from '../../../contract/similar';
import { requireUser } from '../../plugins/session';
import { sendJson } from '../files/reads/send-json';
import type { SimilarService } from './similar.service';

const tags = ['files'];

export async function similarRoutes(app: FastifyInstance, d: { similar: SimilarService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/files/:id/similar',
    {
      schema: {
        tags,
        description:
          'More like this: the images that look most like this one (on-device embeddings), or the files sharing most tags with a non-image, that the viewer may see. A feed page in the feed\'s card shape; ends after 1 000 files.',
        params: idParam,
        querystring: similarQuery,
        response: { 200: z.array(fileDto), 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => sendJson(reply, await d.similar.page(request.params.id, request.user, request.query)),
  );

  r.get(
    '/api/files/:id/duplicate',
    {
      schema: {
        tags,
        description: "The owner's own earlier file that this image looks like (a re-encode, resize, colour shift or small crop); pending until the image has been recognised.",
        params: idParam,
        response: { 200: duplicateDto, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => d.similar.duplicate(request.params.id, requireUser(request)),
  );
}
