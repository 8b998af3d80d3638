import { sql, type SQL } from 'drizzle-orm';
import { files, folders, users } from '../../db/schema/index';

/** More words than this add nothing a member would notice and only make the query slower. */
const MAX_WORDS = 8;

/**
 * What the member typed, as the words the database reads. Only letters and digits survive
 * (any script): the words go to the database as bound parameters, and a prefix word built
 * from letters and digits alone cannot carry tsquery syntax (`&`, `|`, `!`, `:`, quotes).
 */
export type SearchText = {
  /** Every word but the last: each must match, stemmed ("cats" finds "cat"). */
  head: string;
  /** The word being typed: matched stemmed, or as the start of any word ("sun" finds "sunset"). */
  last: string;
  /** All words joined by one space, for the trigram (typo) match and substring match. */
  joined: string;
};

export function parseSearchText(input: string): SearchText | null {
  const words = (input.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (!words.length) return null;
  return { head: words.slice(0, -1).join(' '), last: words[words.length - 1], joined: words.join(' ') };
}

/**
 * The full-text query: all head words AND the last word, stemmed or as a prefix. plainto_tsquery
 * reads any text safely; to_tsquery gets a word of letters and digits plus `:*`. An empty part
 * (stop words only) drops out, since && and || with an empty tsquery give the other side.
 */
export function tsQuerySql(t: SearchText): SQL {
  return sql`(plainto_tsquery('english', ${t.head}) && (plainto_tsquery('english', ${t.last}) || to_tsquery('simple', ${t.last} || ':*')))`;
}

/**
 * The stored generated columns of migration 0005 (GIN-indexed). They are not in the Drizzle
 * schema on purpose: no `select()` of a file or folder row should carry a whole tsvector.
 */
export const fileDocumentSql = sql`${files}.search_document`;
export const folderDocumentSql = sql`${folders}.search_document`;
export const userNamesSql = sql`kaleido_user_names(${users.username}, ${users.firstName}, ${users.lastName})`;

/**
 * How a search's text matches: by its words (full text, prefix of the last word) or, when no
 * visible file matches them at all, by closeness of spelling (a typo: `<%`, word similarity
 * at the session's 0.45 on files_name_trgm_idx, see server/db/session-settings.ts). Spelling is the fallback because the
 * trigram scan costs ten times the word lookup and would only add noise to good matches.
 */
export type MatchMode = 'words' | 'spelling';

export function fileMatchSql(t: SearchText, mode: MatchMode): SQL {
  return mode === 'words' ? sql`${fileDocumentSql} @@ ${tsQuerySql(t)}` : sql`${t.joined} <% ${files.name}`;
}

/** Best first: full-text rank (A name 1.0, B tags 0.4, C description 0.2), or closeness of the name. */
export function fileRankSql(t: SearchText, mode: MatchMode): SQL {
  return mode === 'words' ? sql`ts_rank(${fileDocumentSql}, ${tsQuerySql(t)})` : sql`word_similarity(${t.joined}, ${files.name})`;
}

/**
 * Folder and member names are matched by closeness as well as by words, so they keep pg_trgm's
 * default floor of 0.6: `<%` finds candidates in the index at the session's lower threshold
 * and the floor keeps only the close ones (a word off by one letter in a longer name).
 */
const NAME_CLOSENESS = 0.6;

function closeTo(t: SearchText, name: SQL | typeof folders.name): SQL {
  return sql`(${t.joined} <% ${name} and word_similarity(${t.joined}, ${name}) >= ${NAME_CLOSENESS})`;
}

export function folderMatchSql(t: SearchText): SQL {
  return sql`(${folderDocumentSql} @@ ${tsQuerySql(t)} or ${closeTo(t, folders.name)})`;
}

export function folderRankSql(t: SearchText): SQL {
  return sql`(ts_rank(${folderDocumentSql}, ${tsQuerySql(t)}) + word_similarity(${t.joined}, ${folders.name}))`;
}

/** `%` and `_` typed by a member are literal characters in a LIKE pattern, not wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A member matches by a part of username, first or last name (trigram-indexed LIKE), by a
 * username one letter off (`%`, similarity 0.3, users_username_trgm_idx) or a name one
 * letter off (`<%` against the same indexed string).
 */
export function userMatchSql(t: SearchText): SQL {
  return sql`(${userNamesSql} like ${likeContains(t.joined)} or ${users.username} % ${t.joined} or ${closeTo(t, userNamesSql)})`;
}

export function userRankSql(t: SearchText): SQL {
  return sql`greatest(similarity(${users.username}, ${t.joined}), word_similarity(${t.joined}, ${userNamesSql}))`;
}
