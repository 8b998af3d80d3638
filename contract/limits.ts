// Business constants, shared by client and server.
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const REGISTER_PASSWORD_MIN = 6;
export const RESET_PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const BIO_MAX = 500;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PAGE_SIZE = 20;
export const PAGE_MAX = 100;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const UNAUTHORIZED_REDIRECT_MS = 500;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const SLIDE_INTERVAL_MS = 4000;
export const SLIDESHOW_REFETCH_MS = 60_000;
export const SLIDESHOW_STALE_MS = 50_000;
export const CONTACT_SEND_DELAY_MS = 1000;
export const LANDING_FILES = 20;
/** The fewest characters a member search looks up (`GET /api/users/search/{term}`). */
export const USER_SEARCH_MIN = 2;
