import type { z } from 'zod';
import type { randomQuery } from '../../../contract/files';
import { mentionsOf, MENTIONS_NOTIFIED_MAX, postMessages } from '../../../contract/post-text';
import { discoveryOptions, findVisibleFile, visibleFilesSql, type Viewer } from '../../access/visibility';
import type { DiscoveryRepo } from './discovery.repo';
import type { Files } from './file-writes';
import type { FileReads } from './reads/file-reads';
import type { Social } from './social-writes';

type Deps = { files: Files; social: Social; discovery: DiscoveryRepo; reads: FileReads };
type Member = NonNullable<Viewer>;

/** A seed that changes each hour: random feeds page consistently, and still change over time. */
function hourSeed(): string {
  return String(Math.floor(Date.now() / 3_600_000));
}

/** Likes, comments and the discovery lists (random files, the sign-in slideshow, the tag marquee): their rules and caches. */
export function createSocialService(d: Deps) {
  let tagCache: { at: number; tags: string[] } | null = null;

  return {
    /** The like commits with its `like.added` event; the owner is told by its handler, not here. Answers the new count. */
    async like(fileId: number, member: Member): Promise<number> {
      const file = await findVisibleFile(d.files, fileId, member);
      return d.social.like(file.id, member.id);
    },

    async unlike(fileId: number, member: Member): Promise<number> {
      const file = await findVisibleFile(d.files, fileId, member);
      return d.social.unlike(file.id, member.id);
    },

    /** A page of a visible file's comments, as cached JSON. */
    commentsPage: (fileId: number, viewer: Viewer, page: { offset: number; limit: number }) => d.reads.commentsPage(fileId, viewer, page),

    /**
     * The comment commits with its `comment.added` event, whose handler tells the owner and earlier
     * commenters. A mention storm tells only the first few (notifications/mentions.ts), and says so.
     */
    async comment(fileId: number, member: Member, content: string) {
      const file = await findVisibleFile(d.files, fileId, member);
      const comment = await d.social.addComment(file.id, member.id, content.trim());
      const mentioned = mentionsOf(comment.content).length;
      return { comment, notice: mentioned > MENTIONS_NOTIFIED_MAX ? postMessages.mentionsCapped(MENTIONS_NOTIFIED_MAX) : undefined };
    },

    /** A page of random (or sorted) files, as cached JSON. */
    async randomPage(viewer: Viewer, q: z.infer<typeof randomQuery>): Promise<Buffer> {
      const seed = hourSeed();
      // Visitors (the landing page) never get NSFW pictures; members get them blurred by preference.
      const options = discoveryOptions(viewer);
      const where = visibleFilesSql(viewer, options);
      // All visitors share one list per query; a member's holds their private files.
      const key = JSON.stringify(['random', viewer?.id ?? 'visitor', q, seed]);
      const load = () => d.discovery.ids(where, { sort: q.sortBy ?? 'random', type: q.fileType, offset: q.offset, limit: q.limit, seed });
      return d.reads.listPage(key, viewer, load, options);
    },

    /** The sign-in screen's showcase: what a visitor may see, whoever asks. */
    slideshow: () => d.discovery.slideshow(visibleFilesSql(null, discoveryOptions(null)), 12, hourSeed()),

    /**
     * The marquee is decoration: a minute-old draw is fine, and spares a scan of every tag. One
     * draw serves every viewer, so it holds only what anyone may see: public files' tags.
     */
    async randomTags(limit: number): Promise<string[]> {
      if (!tagCache || Date.now() - tagCache.at > 60_000) tagCache = { at: Date.now(), tags: await d.discovery.randomTags(visibleFilesSql(null), 100) };
      return tagCache.tags.slice(0, limit);
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
