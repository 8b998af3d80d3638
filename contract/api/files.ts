import { errorResponse, idParam, messageResponse, pageQuery } from '../common';
import { endpoint } from '../endpoint';
import {
  analyzeTagsResponse,
  commentBody,
  commentDto,
  commentPage,
  feedQuery,
  fileDto,
  filePage,
  likeResponse,
  optimizationDto,
  randomQuery,
  randomTagsQuery,
  slideshowImages,
  tagNames,
  tagsBody,
  updateFileBody,
  uploadHeaders,
} from '../files';

const tags = ['files'] as const;

/** Files: upload, the feed, one file and its tags, likes and comments, the discovery lists. */
export const fileEndpoints = {
  /** 201 when this request stored the file, 200 for a retry answered with the first upload (same idempotency key). */
  uploadFile: endpoint({
    method: 'POST', path: '/api/files', tags, auth: 'member', budget: 'upload',
    headers: uploadHeaders,
    multipart: {
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'The file, at most 10 MB; its type is decided from its bytes' },
        name: { type: 'string', description: 'Display name; the file name when empty' },
        description: { type: 'string' },
        tags: { type: 'string', description: 'Comma-separated tags, at most 20 of 1–40 characters' },
        isPublic: { type: 'string', enum: ['true', 'false'], default: 'true' },
        altText: { type: 'string', description: 'What the picture shows, for screen readers: up to 1 500 characters' },
        sensitive: { type: 'string', enum: ['true', 'false'], default: 'false', description: "The author's content warning: blurred or hidden like the automatic NSFW flag" },
        contentWarning: { type: 'string', description: 'Shown on the blur ("Spoilers"), up to 100 characters' },
        folderId: { type: 'string', description: 'A folder the member owns or edits; 404 when not visible, 403 when only viewed, and nothing is stored' },
      },
    },
    responses: { 200: fileDto, 201: fileDto, 400: errorResponse, 403: errorResponse, 404: errorResponse, 413: errorResponse, 415: errorResponse },
  }),
  /** The member's home feed: shared cards with the member's own private files and likes laid over. */
  listFeed: endpoint({
    method: 'GET', path: '/api/files', tags, auth: 'member',
    query: feedQuery, responses: { 200: filePage, 401: errorResponse },
  }),
  /** One file; opening another member's counts a view. */
  getFile: endpoint({
    method: 'GET', path: '/api/files/:id', tags, auth: 'visitor',
    params: idParam, responses: { 200: fileDto, 404: errorResponse },
  }),
  deleteFile: endpoint({
    method: 'DELETE', path: '/api/files/:id', tags, auth: 'member',
    params: idParam, responses: { 200: messageResponse, 404: errorResponse },
  }),
  /**
   * Edit after posting: the owner changes any field; a collaborator with the EDITOR role on a
   * folder holding the file only `tags` and `altText` (403 for the rest, nothing changed).
   */
  updateFile: endpoint({
    method: 'PATCH', path: '/api/files/:id', tags, auth: 'member', budget: 'edit',
    params: idParam, body: updateFileBody, responses: { 200: fileDto, 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  updateFileTags: endpoint({
    method: 'PATCH', path: '/api/files/:id/tags', tags, auth: 'member',
    params: idParam, body: tagsBody, responses: { 200: fileDto },
  }),
  /** The tags recognition found for the file (automatic tagging after an upload). */
  analyzeFileTags: endpoint({
    method: 'POST', path: '/api/files/:id/analyze-tags', tags, auth: 'member', budget: 'analyze',
    params: idParam, responses: { 200: analyzeTagsResponse },
  }),
  /** An image's stored copies and their sizes (the Download menu). */
  getFileOptimization: endpoint({
    method: 'GET', path: '/api/files/:id/optimization', tags, auth: 'visitor',
    params: idParam, responses: { 200: optimizationDto },
  }),
  likeFile: endpoint({
    method: 'POST', path: '/api/files/:id/like', tags, auth: 'member', budget: 'like',
    params: idParam, responses: { 200: likeResponse },
  }),
  unlikeFile: endpoint({
    method: 'DELETE', path: '/api/files/:id/like', tags, auth: 'member', budget: 'like',
    params: idParam, responses: { 200: likeResponse },
  }),
  listFileComments: endpoint({
    method: 'GET', path: '/api/files/:id/comments', tags, auth: 'visitor',
    params: idParam, query: pageQuery, responses: { 200: commentPage },
  }),
  addFileComment: endpoint({
    method: 'POST', path: '/api/files/:id/comments', tags, auth: 'member', budget: 'comment',
    params: idParam, body: commentBody, responses: { 201: commentDto },
  }),
  /** Explore with no query, and the landing's floating pictures: random files (or the chosen order) a viewer may see. */
  listRandomFiles: endpoint({
    method: 'GET', path: '/api/files/random', tags, auth: 'visitor',
    query: randomQuery, responses: { 200: filePage },
  }),
  /** The sign-in screen's showcase: what a visitor may see, whoever asks. */
  listSlideshowImages: endpoint({
    method: 'GET', path: '/api/slideshow/images', tags, auth: 'visitor',
    responses: { 200: slideshowImages },
  }),
  /** The home's tag marquee: tags of public files. */
  listRandomTags: endpoint({
    method: 'GET', path: '/api/tags/random', tags, auth: 'visitor',
    query: randomTagsQuery, responses: { 200: tagNames },
  }),
};
