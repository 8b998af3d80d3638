import { errorResponse, idParam } from '../common';
import { endpoint } from '../endpoint';
import { filePage } from '../files';
import { duplicateDto, similarQuery } from '../similar';

const tags = ['files'] as const;

/** More like this (decision 024) and the upload dialog's duplicate hint. */
export const similarEndpoints = {
  listSimilarFiles: endpoint({
    method: 'GET', path: '/api/files/:id/similar', tags, auth: 'visitor',
    description:
      'More like this: the images that look most like this one (on-device embeddings), or the files sharing most tags with a non-image, that the viewer may see. A feed page in the feed\'s card shape; ends after 1 000 files.',
    params: idParam, query: similarQuery, responses: { 200: filePage, 400: errorResponse, 404: errorResponse },
  }),
  getFileDuplicate: endpoint({
    method: 'GET', path: '/api/files/:id/duplicate', tags, auth: 'member',
    description: "The owner's own earlier file that this image looks like (a re-encode, resize, colour shift or small crop); pending until the image has been recognised.",
    params: idParam, responses: { 200: duplicateDto, 401: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
};
