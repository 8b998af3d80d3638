import { z } from 'zod';
import { text } from './common';

// What visitors, link previews, search engines and feed readers read of public things
// (docs/decisions/031-public-pages-and-previews.md): the oEmbed call's payloads, the documents
// the server answers beside the screens, and the visitor pages' own words.

/** Answered by the server for crawlers; not screens of the client. */
export const crawlerPaths = {
  robots: '/robots.txt',
  /** A sitemap index of the pages below. */
  sitemap: '/sitemap.xml',
  /** One page of public links of one kind: `/sitemaps/files-3.xml`. */
  sitemapPage: '/sitemaps/:name',
} as const;

export const sitemapKinds = ['files', 'folders', 'profiles'] as const;
export type SitemapKind = (typeof sitemapKinds)[number];

/** The sitemap protocol's limit of links per file. */
export const SITEMAP_MAX_URLS = 50_000;

export function sitemapPageName(kind: SitemapKind, page: number): string {
  return `${kind}-${page}.xml`;
}

/** `files-3.xml` → files, page 3; anything else → null. */
export function parseSitemapPageName(name: string): { kind: SitemapKind; page: number } | null {
  const match = /^(files|folders|profiles)-([1-9]\d{0,6})\.xml$/.exec(name);
  return match ? { kind: match[1] as SitemapKind, page: Number(match[2]) } : null;
}

/** `GET /api/oembed` (oEmbed 1.0, section 2.2): the page's URL, the format, and an optional size bound. */
export const oembedQuery = z.object({
  url: text().min(1, 'url is required').max(2000),
  format: z.enum(['json', 'xml']).default('json'),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type OEmbedQuery = z.infer<typeof oembedQuery>;

/** The answer: `photo` for an image, `video` for a playable video, `link` for the rest (a folder, a profile, a sensitive file). */
export const oembedResponse = z.object({
  version: z.literal('1.0'),
  type: z.enum(['photo', 'video', 'link']),
  title: z.string(),
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
  url: z.string().optional(),
  html: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type OEmbedResponse = z.infer<typeof oembedResponse>;

export const publicPageMessages = {
  notFoundTitle: 'Page not found',
  notFoundText: "This link doesn't lead to anything public. It may have been made private or removed, or it never existed.",
  signUp: 'Sign Up',
  logIn: 'Log In',
  share: 'Share',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  like: 'Like',
  save: 'Save',
  follow: 'Follow',
  comments: 'Comments',
  noComments: 'No comments yet',
  joinConversation: 'Join the conversation',
  joinConversationText: 'Log in or sign up to like, comment and save what you love.',
  moreComments: 'Sign up to read every comment',
  askTitle: 'See more on Kaleido',
  askText: 'Sign up to follow members, like and save files, and get a feed of what you love. It’s free.',
  notNow: 'Not now',
  sensitiveTitle: 'Sensitive content',
  sensitiveText: 'The owner marked this file as possibly sensitive.',
  showSensitive: 'Show',
  filesHeading: 'Files',
  foldersHeading: 'Folders',
  noPublicFiles: 'No public files yet',
  newer: 'Newer',
  older: 'Older',
  publicFolder: 'Public folder',
  backHome: 'Go to Kaleido',
  openPdf: 'Open PDF',
  download: 'Download',
  feedTitle: (name: string) => `${name} on Kaleido`,
} as const;
