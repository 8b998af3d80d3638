import { errorResponse, idParam, messageResponse, pageQuery } from '../common';
import { endpoint } from '../endpoint';
import {
  addCollaboratorBody,
  addFileFolderBody,
  addFolderFileBody,
  collaboratorDto,
  collaboratorList,
  collaboratorParams,
  createFolderBody,
  fileFolderParams,
  folderCountResponse,
  folderDto,
  folderFileLink,
  folderFileList,
  folderFileParams,
  folderList,
  folderPreviewResponse,
  folderRoleResponse,
  updateCollaboratorBody,
  updateFolderBody,
} from '../folders';

const tags = ['folders'] as const;
const notFound = { 404: errorResponse } as const;
const refusals = { 403: errorResponse, 404: errorResponse } as const;

/**
 * The folder calls (server/modules/folders): folders, the files they hold
 * (from either side), and collaborators. Invite links are in ./invites.ts. A visitor reads
 * public folders; everything else needs a member.
 */
export const folderEndpoints = {
  /** The member's own folders and those they collaborate on. */
  listFolders: endpoint({
    method: 'GET', path: '/api/folders', tags, auth: 'member',
    query: pageQuery, responses: { 200: folderList, 401: errorResponse },
  }),
  /** Folders other members own and share with this member as Editor or Viewer, newest share first. */
  listSharedFolders: endpoint({
    method: 'GET', path: '/api/folders/shared', tags, auth: 'member',
    query: pageQuery, responses: { 200: folderList, 401: errorResponse },
  }),
  createFolder: endpoint({
    method: 'POST', path: '/api/folders', tags, auth: 'member', budget: 'folder',
    body: createFolderBody, responses: { 201: folderDto, 400: errorResponse, 403: errorResponse },
  }),
  getFolder: endpoint({
    method: 'GET', path: '/api/folders/:id', tags, auth: 'visitor',
    params: idParam, responses: { 200: folderDto, ...notFound },
  }),
  getFolderPreview: endpoint({
    method: 'GET', path: '/api/folders/:id/preview', tags, auth: 'visitor',
    params: idParam, responses: { 200: folderPreviewResponse, ...notFound },
  }),
  getFolderRole: endpoint({
    method: 'GET', path: '/api/folders/:id/role', tags, auth: 'visitor',
    params: idParam, responses: { 200: folderRoleResponse, ...notFound },
  }),
  listFolderFiles: endpoint({
    method: 'GET', path: '/api/folders/:id/files', tags, auth: 'visitor',
    params: idParam, query: pageQuery, responses: { 200: folderFileList, ...notFound },
  }),
  updateFolder: endpoint({
    method: 'PATCH', path: '/api/folders/:id', tags, auth: 'member',
    params: idParam, body: updateFolderBody, responses: { 200: folderDto, 403: errorResponse, ...notFound },
  }),
  deleteFolder: endpoint({
    method: 'DELETE', path: '/api/folders/:id', tags, auth: 'member',
    params: idParam, responses: { 200: messageResponse, 403: errorResponse, ...notFound },
  }),
  /** A member's folders on their profile: only what this viewer may see, so counts never leak. */
  listUserFolders: endpoint({
    method: 'GET', path: '/api/users/:id/folders', tags, auth: 'member',
    params: idParam, query: pageQuery, responses: { 200: folderList, 401: errorResponse, ...notFound },
  }),
  countUserFolders: endpoint({
    method: 'GET', path: '/api/users/:id/folders/count', tags, auth: 'member',
    params: idParam, responses: { 200: folderCountResponse, 401: errorResponse, ...notFound },
  }),

  // File↔folder links, from either side; adding and removing are idempotent.
  addFolderFile: endpoint({
    method: 'POST', path: '/api/folders/:id/files', tags, auth: 'member', budget: 'save',
    params: idParam, body: addFolderFileBody, responses: { 200: folderFileLink, ...refusals },
  }),
  removeFolderFile: endpoint({
    method: 'DELETE', path: '/api/folders/:id/files/:fileId', tags, auth: 'member',
    params: folderFileParams, responses: { 200: folderFileLink, ...refusals },
  }),
  /** The folders that hold a file, as far as the viewer may see them. */
  listFileFolders: endpoint({
    method: 'GET', path: '/api/files/:id/folders', tags, auth: 'visitor',
    params: idParam, responses: { 200: folderList, 404: errorResponse },
  }),
  addFileFolder: endpoint({
    method: 'POST', path: '/api/files/:id/folders', tags, auth: 'member', budget: 'save',
    params: idParam, body: addFileFolderBody, responses: { 200: folderFileLink, ...refusals },
  }),
  removeFileFolder: endpoint({
    method: 'DELETE', path: '/api/files/:fileId/folders/:folderId', tags, auth: 'member',
    params: fileFolderParams, responses: { 200: folderFileLink, ...refusals },
  }),

  // Collaborators: listed to the folder's members; managed by its owner; the OWNER row is fixed.
  listCollaborators: endpoint({
    method: 'GET', path: '/api/folders/:id/collaborators', tags, auth: 'member',
    params: idParam, responses: { 200: collaboratorList, ...refusals },
  }),
  addCollaborator: endpoint({
    method: 'POST', path: '/api/folders/:id/collaborators', tags, auth: 'member', budget: 'collaborator', recipient: 'body.userId',
    params: idParam, body: addCollaboratorBody, responses: { 201: collaboratorDto, 400: errorResponse, ...refusals },
  }),
  updateCollaborator: endpoint({
    method: 'PATCH', path: '/api/folders/:id/collaborators/:userId', tags, auth: 'member',
    params: collaboratorParams, body: updateCollaboratorBody, responses: { 200: collaboratorDto, ...refusals },
  }),
  /** The owner removes anyone but themselves; a collaborator may also leave on their own. */
  removeCollaborator: endpoint({
    method: 'DELETE', path: '/api/folders/:id/collaborators/:userId', tags, auth: 'member',
    params: collaboratorParams, responses: { 200: messageResponse, ...refusals },
  }),
};
