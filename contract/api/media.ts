import { idParam } from '../common';
import { endpoint } from '../endpoint';
import { storedKeyParams } from '../files';

const tags = ['files'] as const;

/**
 * A file's bytes, only to viewers who may see it, by every path: `/uploads/<key>` for the stored
 * objects (originals, copies, thumbnails, renditions), its content and its download by id.
 * Not visible answers like not existing (404).
 */
export const mediaEndpoints = {
  /** Stored bytes by key (the URLs in a file card); not a JSON call. */
  getStoredObject: endpoint({
    method: 'GET', path: '/uploads/*', tags, auth: 'visitor', hidden: true,
    params: storedKeyParams, responses: {},
  }),
  getFileContent: endpoint({
    method: 'GET', path: '/api/files/:id/content', tags, auth: 'visitor',
    bytes: { type: '*/*', description: 'The original as published (metadata that locates or identifies removed), with its own type' },
    params: idParam, responses: {},
  }),
  /** The original as an attachment, under its original name. */
  downloadFile: endpoint({
    method: 'GET', path: '/api/files/:id/download', tags, auth: 'visitor',
    bytes: { type: '*/*', description: 'The original as published, as an attachment under its original name' },
    params: idParam, responses: {},
  }),
};
