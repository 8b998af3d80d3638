import { errorResponse, idParam } from '../common';
import { endpoint } from '../endpoint';
import { oembedQuery, oembedResponse } from '../public-pages';

const tags = ['public pages'] as const;

/** What link previews read of a public file, folder or profile (docs/decisions/031). */
export const publicPageEndpoints = {
  getOEmbed: endpoint({
    method: 'GET', path: '/api/oembed', tags, auth: 'visitor',
    description:
      'oEmbed 1.0 for the URL of a public file, folder or profile page: `photo` for an image, `video` (a `<video>` element) for a playable video, `link` otherwise and for sensitive files. 404 for anything a visitor may not see, 501 for `format=xml`.',
    query: oembedQuery, responses: { 200: oembedResponse, 400: errorResponse, 404: errorResponse, 501: errorResponse },
  }),
  /** Not JSON: a JPEG. */
  getFileShareImage: endpoint({
    method: 'GET', path: '/api/files/:id/share-image', tags, auth: 'visitor',
    description: "A 1200×630 JPEG of a public file for link previews (`og:image`) when it has no JPEG of its own at least 600 px wide: a video's poster, a PDF's first page, a small image. 404 for a file a visitor may not see or a sensitive one.",
    params: idParam, responses: {},
  }),
};
