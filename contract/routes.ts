// API paths shared by the client and the server.
export const api = {
  user: '/api/user',
  login: '/api/login',
  logout: '/api/logout',
  register: '/api/register',
  usernameCheck: (username: string) => `/api/username/check/${encodeURIComponent(username)}`,
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  resetTokenCheck: '/api/auth/reset-password/validate',
  config: '/api/config',
  randomFiles: '/api/files/random',
  slideshow: '/api/slideshow/images',
  // Folders (contract/folders.ts for the bodies and answers).
  folders: '/api/folders',
  folder: (id: number) => `/api/folders/${id}`,
  folderPreview: (id: number) => `/api/folders/${id}/preview`,
  folderRole: (id: number) => `/api/folders/${id}/role`,
  folderFiles: (id: number) => `/api/folders/${id}/files`,
  folderFile: (id: number, fileId: number) => `/api/folders/${id}/files/${fileId}`,
  folderCollaborators: (id: number) => `/api/folders/${id}/collaborators`,
  folderCollaborator: (id: number, userId: number) => `/api/folders/${id}/collaborators/${userId}`,
  folderInvites: (id: number) => `/api/folders/${id}/invites`,
  invite: (inviteId: number) => `/api/invites/${inviteId}`,
  inviteByToken: (token: string) => `/api/invites/${encodeURIComponent(token)}`,
  inviteAccept: (token: string) => `/api/invites/${encodeURIComponent(token)}/accept`,
  inviteDecline: (token: string) => `/api/invites/${encodeURIComponent(token)}/decline`,
  /** `?offset&limit`: a feed page of the files that look most like this one (tags for non-images). */
  fileSimilar: (fileId: number) => `/api/files/${fileId}/similar`,
  /** The owner's own earlier file an upload looks like (`contract/similar.ts`). */
  fileDuplicate: (fileId: number) => `/api/files/${fileId}/duplicate`,
  fileFolders: (fileId: number) => `/api/files/${fileId}/folders`,
  fileFolder: (fileId: number, folderId: number) => `/api/files/${fileId}/folders/${folderId}`,
  userFolders: (userId: number) => `/api/users/${userId}/folders`,
  userFolderCount: (userId: number) => `/api/users/${userId}/folders/count`,
  // Profiles and follows (contract/users.ts). All need sign-in.
  userProfile: (userId: number) => `/api/users/${userId}`,
  /** `?offset&limit`, plus `search` for the Edit Files dialog (limit up to 100). */
  userFiles: (userId: number) => `/api/users/${userId}/files`,
  userFileCount: (userId: number) => `/api/users/${userId}/files/count`,
  userFollowers: (userId: number) => `/api/users/${userId}/followers`,
  userFollowing: (userId: number) => `/api/users/${userId}/following`,
  userFollowStatus: (userId: number) => `/api/users/${userId}/follow-status`,
  /** POST follows, DELETE unfollows; both idempotent. */
  userFollow: (userId: number) => `/api/users/${userId}/follow`,
  userSearch: (term: string) => `/api/users/search/${encodeURIComponent(term)}`,
  // Search (contract/search.ts): `?q&tag&sortBy&fileType&resultType&offset&limit`.
  search: '/api/files/search',
  /** `?q&tag&mediaType&resultType`. */
  searchCount: '/api/files/search/count',
  // Direct messages (contract/messages.ts): `?before&limit` (or `offset`) on both lists.
  messages: '/api/messages',
  conversations: '/api/messages/conversations',
  unreadMessages: '/api/messages/unread-count',
  messageThread: (userId: number) => `/api/messages/${userId}`,
} as const;
