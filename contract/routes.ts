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
} as const;
