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
} as const;
