// What members write in names, descriptions, comments and messages, read the same way by the
// server (which hashtags a file carries, whom a text mentions) and the client (which parts become
// links). Without zod, for the client's first script (docs/decisions/023). The text is only ever
// split here; the client renders each part as text or as a link it builds (docs/decisions/032).

export const ALT_TEXT_MAX = 1500;
export const CONTENT_WARNING_MAX = 100;
/** A text may mention more members, but only this many are notified of one write. */
export const MENTIONS_NOTIFIED_MAX = 10;

export const postMessages = {
  nothingToChange: 'Send at least one of name, description, tags, altText, isPublic, sensitive or contentWarning',
  nameRequired: 'Name cannot be empty',
  altTooLong: `Alt text must be ${ALT_TEXT_MAX} characters or less`,
  warningTooLong: `The content warning must be ${CONTENT_WARNING_MAX} characters or less`,
  editorsTagsAndAlt: 'Collaborators can change only the tags and the alt text',
  cannotClearFlag: 'The automatic sensitive mark stays; you can add your own but not remove it',
  mentionsCapped: (notified: number) => `Only the first ${notified} mentioned members are notified`,
  suggestedAlt: 'Suggested from automatic tags',
} as const;

export type PostPart =
  | { type: 'text'; text: string }
  | { type: 'hashtag'; text: string; tag: string }
  | { type: 'mention'; text: string; username: string }
  | { type: 'url'; text: string; href: string };

// `#word`: letters (any script), digits, underscore; after a start, a space or punctuation, never
// inside a word ("a#b") or a URL's fragment (the URL alternative is tried first). `@name`: a
// username (3–20 letters, digits, underscore), not inside an e-mail address. URLs: http(s) only.
const TOKEN = /(https?:\/\/[^\s<>"']+)|(?<![\p{L}\p{N}_&/])#([\p{L}\p{N}_]{1,40})|(?<![\p{L}\p{N}_.@/])@([A-Za-z0-9_]{3,20})(?![A-Za-z0-9_@])/gu;
// A URL does not end with the punctuation that closes a sentence around it.
const URL_TRAIL = /[.,;:!?)\]}]+$/;

/** The text in order, as plain parts and the parts that become links. */
export function postParts(input: string): PostPart[] {
  const parts: PostPart[] = [];
  let last = 0;
  const plain = (to: number) => {
    if (to > last) parts.push({ type: 'text', text: input.slice(last, to) });
  };
  for (const m of input.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    if (m[1]) {
      const url = m[1].replace(URL_TRAIL, '');
      if (!safeHttpUrl(url)) continue;
      plain(start);
      parts.push({ type: 'url', text: url, href: url });
      last = start + url.length;
    } else if (m[2]) {
      plain(start);
      parts.push({ type: 'hashtag', text: m[0], tag: m[2].toLowerCase() });
      last = start + m[0].length;
    } else if (m[3]) {
      plain(start);
      parts.push({ type: 'mention', text: m[0], username: m[3] });
      last = start + m[0].length;
    }
  }
  plain(input.length);
  return parts;
}

function safeHttpUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** The `#hashtags` of these texts, lower-cased, each once, in order of appearance. */
export function hashtagsOf(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const p of postParts(t)) if (p.type === 'hashtag') out.add(p.tag);
  return [...out];
}

/** The `@usernames` of a text, each once (compared without case), in order of appearance. */
export function mentionsOf(text: string): string[] {
  const seen = new Map<string, string>();
  for (const p of postParts(text)) if (p.type === 'mention' && !seen.has(p.username.toLowerCase())) seen.set(p.username.toLowerCase(), p.username);
  return [...seen.values()];
}

/** A search for exactly one `#word` is a search for the files that carry it as a tag or hashtag. */
export function hashtagQuery(q: string): string | null {
  const m = /^#([\p{L}\p{N}_]{1,40})$/u.exec(q.trim());
  return m ? m[1].toLowerCase() : null;
}
