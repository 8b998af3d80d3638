import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SITEMAP_MAX_URLS, type SitemapKind } from '../../../contract/public-pages';
import type { Db } from '../../db/client';
import { files, folderFiles, folders, users } from '../../db/schema/index';
import { visibleFoldersSql } from '../../access/folder-access';
import { visibleProfilesSql } from '../../access/profile-access';
import { discoveryOptions, visibleFilesSql } from '../../access/visibility';
import { allowsIndexingSql } from '../users/preferences';
import { intArrayLiteral } from '../../db/sql-arrays';

/** What visitors may see of files in lists: the visibility module's rule for a signed-out viewer (no sensitive files). */
function visitorFiles(): SQL {
  return visibleFilesSql(null, discoveryOptions(null));
}

export type Page = { offset: number; limit: number };
export type PublicFolderRow = { id: number; name: string; description: string | null; fileCount: number; covers: { id: number; name: string; thumbnailKey: string | null; webpKey: string | null; placeholder: string | null }[] };
export type SitemapRow = { id: number; lastmod: Date };

/**
 * The SQL behind visitors' pages, sitemaps and feeds (docs/decisions/031). Every condition on
 * what may be shown comes from the visibility module (server/access/) with the visitor as the
 * viewer; the only rule of this file is the member's indexing choice, which is not visibility.
 */
export function createPublicPagesRepo(db: Db) {
  async function fileIdsWhere(where: SQL, page: Page, throughFolder = false): Promise<number[]> {
    const base = db.select({ id: files.id }).from(files);
    const joined = throughFolder ? base.innerJoin(folderFiles, eq(folderFiles.fileId, files.id)) : base;
    const rows = await joined.where(and(where, visitorFiles())).orderBy(desc(files.id)).limit(page.limit).offset(page.offset);
    return rows.map((r) => r.id);
  }

  async function countFilesWhere(where: SQL, throughFolder = false): Promise<number> {
    const base = db.select({ n: sql<number>`count(*)::int` }).from(files);
    const joined = throughFolder ? base.innerJoin(folderFiles, eq(folderFiles.fileId, files.id)) : base;
    const [row] = await joined.where(and(where, visitorFiles()));
    return row.n;
  }

  /**
   * One sitemap kind as a query: its id and last-change columns, its table (joined with the owner
   * for their indexing choice) and its condition. `select` picks what the query answers.
   */
  function sitemapQuery(kind: SitemapKind, select: (id: SQL, lastmod: SQL) => Record<string, SQL>, extra?: (id: SQL) => SQL) {
    const id = { files: sql`${files.id}`, folders: sql`${folders.id}`, profiles: sql`${users.id}` }[kind];
    const lastmod = { files: sql`${files.updatedAt}`, folders: sql`${folders.updatedAt}`, profiles: sql`${users.updatedAt}` }[kind];
    const fields = select(id, lastmod);
    const where = and(
      kind === 'files' ? visitorFiles() : kind === 'folders' ? visibleFoldersSql(null) : visibleProfilesSql(null),
      allowsIndexingSql(),
      extra?.(id),
    );
    if (kind === 'files') return db.select(fields).from(files).innerJoin(users, eq(users.id, files.userId)).where(where).$dynamic();
    if (kind === 'folders') return db.select(fields).from(folders).innerJoin(users, eq(users.id, folders.userId)).where(where).$dynamic();
    return db.select(fields).from(users).where(where).$dynamic();
  }

  return {
    /** A member's files a visitor may see, newest first. */
    ownerFileIds: (ownerId: number, page: Page) => fileIdsWhere(eq(files.userId, ownerId), page),
    countOwnerFiles: (ownerId: number) => countFilesWhere(eq(files.userId, ownerId)),
    /** A folder's files a visitor may see, newest first. */
    folderFileIds: (folderId: number, page: Page) => fileIdsWhere(eq(folderFiles.folderId, folderId), page, true),
    countFolderFiles: (folderId: number) => countFilesWhere(eq(folderFiles.folderId, folderId), true),

    async countOwnerFolders(ownerId: number): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(folders).where(and(eq(folders.userId, ownerId), visibleFoldersSql(null)));
      return row.n;
    },

    /** A member's folders a visitor may see, newest first, each with its count and up to four cover images, in one query. */
    async ownerFolders(ownerId: number, limit: number): Promise<PublicFolderRow[]> {
      // Written out: drizzle leaves columns unqualified inside a select list's subqueries.
      const shown = await db
        .select({ id: folders.id, name: folders.name, description: folders.description })
        .from(folders)
        .where(and(eq(folders.userId, ownerId), visibleFoldersSql(null)))
        .orderBy(desc(folders.id))
        .limit(limit);
      if (!shown.length) return [];
      const result = await db.execute<{ folder_id: number; n: number; covers: PublicFolderRow['covers'] | string }>(sql`
        select f.id as folder_id,
          (select count(*)::int from folder_files ff join files on files.id = ff.file_id where ff.folder_id = f.id and ${visitorFiles()}) as n,
          coalesce((select json_agg(c order by c.id desc) from (
            select files.id, files.name, files.thumbnail_key as "thumbnailKey", files.webp_key as "webpKey", files.placeholder
            from folder_files ff join files on files.id = ff.file_id
            where ff.folder_id = f.id and files.kind = 'image' and ${visitorFiles()}
            order by files.id desc limit 4) c), '[]'::json) as covers
        from folders f where f.id = any(${intArrayLiteral(shown.map((f) => f.id))}::int[])`);
      const extra = new Map((result as unknown as { rows: { folder_id: number; n: number; covers: PublicFolderRow['covers'] | string }[] }).rows.map((r) => [Number(r.folder_id), r]));
      return shown.map((f) => {
        const row = extra.get(f.id);
        const covers = typeof row?.covers === 'string' ? (JSON.parse(row.covers) as PublicFolderRow['covers']) : (row?.covers ?? []);
        return { ...f, fileCount: Number(row?.n ?? 0), covers };
      });
    },

    /**
     * The pages of one sitemap kind: ids are cut into ranges of `pageSize` (the protocol's 50 000:
     * page n holds ids (n-1)·50 000 + 1 … n·50 000), so a page keeps its links as others are
     * added, and no page passes the protocol's limit. Ranges without a link are left out.
     */
    async sitemapPages(kind: SitemapKind, pageSize = SITEMAP_MAX_URLS): Promise<{ page: number; lastmod: Date }[]> {
      const pageOf = (id: SQL) => sql<number>`((${id} - 1) / ${sql.raw(String(Math.trunc(pageSize)))} + 1)::int`;
      const rows = await sitemapQuery(kind, (id, lastmod) => ({ page: pageOf(id), lastmod: sql<string>`max(${lastmod})` }))
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((r) => ({ page: Number(r.page), lastmod: new Date(r.lastmod as unknown as string) }));
    },

    /** One sitemap page's links, by id. */
    async sitemapRows(kind: SitemapKind, page: number, pageSize = SITEMAP_MAX_URLS): Promise<SitemapRow[]> {
      const low = (page - 1) * pageSize;
      const rows = await sitemapQuery(kind, (id, lastmod) => ({ id: sql<number>`${id}`, lastmod: sql<string>`${lastmod}` }), (id) => sql`${id} > ${low} and ${id} <= ${low + pageSize}`).orderBy(sql`1`);
      return rows.map((r) => ({ id: Number(r.id), lastmod: new Date(r.lastmod as unknown as string) }));
    },
  };
}
export type PublicPagesRepo = ReturnType<typeof createPublicPagesRepo>;
