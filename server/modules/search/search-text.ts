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
  /**
   * `joined` with two neighbouring letters swapped, each way it can be ("aplpe" → "apple"):
   * the commonest typo on a phone, and one trigrams alone forgive badly (they share two of
   * ten). Empty past TRANSPOSE_MAX characters, where one swap no longer moves the similarity.
   */
  swaps: string[];
};

/** Longer text gets no swapped spellings: a swap changes few of its trigrams. */
const TRANSPOSE_MAX = 16;

/** Every spelling of `text` with two neighbouring letters (or digits) swapped, without repeats. */
export function adjacentSwaps(text: string): string[] {
  const chars = [...text];
  if (chars.length > TRANSPOSE_MAX) return [];
  const out = new Set<string>();
  for (let i = 0; i < chars.length - 1; i++) {
    const [a, b] = [chars[i], chars[i + 1]];
    if (a === b || a === ' ' || b === ' ') continue;
    out.add([...chars.slice(0, i), b, a, ...chars.slice(i + 2)].join(''));
  }
  return [...out];
}

export function parseSearchText(input: string): SearchText | null {
  const words = (input.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (!words.length) return null;
  const joined = words.join(' ');
  return { head: words.slice(0, -1).join(' '), last: words[words.length - 1], joined, swaps: adjacentSwaps(joined) };
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
  if (mode === 'words') return sql`${fileDocumentSql} @@ ${tsQuerySql(t)}`;
  // One `<%` per spelling, OR-ed: each is a lookup in files_name_trgm_idx (a bitmap OR).
  return sql`(${sql.join(spellings(t).map((s) => sql`${s} <% ${files.name}`), sql` or `)})`;
}

/** Best first: full-text rank (A name 1.0, B tags 0.4, C description 0.2), or closeness of the name. */
export function fileRankSql(t: SearchText, mode: MatchMode): SQL {
  if (mode === 'words') return sql`ts_rank(${fileDocumentSql}, ${tsQuerySql(t)})`;
  const closeness = spellings(t).map((s) => sql`word_similarity(${s}, ${files.name})`);
  return closeness.length === 1 ? closeness[0] : sql`greatest(${sql.join(closeness, sql`, `)})`;
}

/** What was typed, then each swapped spelling of it. */
function spellings(t: SearchText): string[] {
  return [t.joined, ...t.swaps];
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
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Text without a word of three letters ("a", "al", "j k") holds no trigram to look up, and
 * "any name holding an a" is nearly every member, each scored one by one: such text finds the
 * members with a name word that starts with it: usernames that do first, each in username order.
 * The trigram index answers both patterns (a word's first letters are its first trigrams).
 */
function isShort(t: SearchText): boolean {
  return !t.joined.split(' ').some((word) => [...word].length >= 3);
}

/**
 * A member matches by a part of username, first or last name (trigram-indexed LIKE), by a
 * username one letter off (`%`, similarity 0.3, users_username_trgm_idx) or a name one
 * letter off (`<%` against the same indexed string); by short text, as `isShort` says.
 */
export function userMatchSql(t: SearchText): SQL {
  const text = likeLiteral(t.joined);
  if (isShort(t)) return sql`(${userNamesSql} like ${`${text}%`} or ${userNamesSql} like ${`% ${text}%`})`;
  return sql`(${userNamesSql} like ${`%${text}%`} or ${users.username} % ${t.joined} or ${closeTo(t, userNamesSql)})`;
}

export function userRankSql(t: SearchText): SQL {
  // Usernames that start with it before first or last names that do (the names start with the username).
  if (isShort(t)) return sql`(${userNamesSql} like ${`${likeLiteral(t.joined)}%`})::int`;
  return sql`greatest(similarity(${users.username}, ${t.joined}), word_similarity(${t.joined}, ${userNamesSql}))`;
}
