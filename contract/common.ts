import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE } from './limits';

// Control characters are refused in every text field: U+0000 cannot be stored by PostgreSQL
// (it answered 500) and the others are invisible tricks. So are the invisible formatting
// characters that reorder or hide text (decision 021): bidirectional marks, embeddings, overrides
// and isolates (U+061C, U+200E–200F, U+202A–202E, U+2066–2069), zero-width space, word joiner
// and invisible operators (U+200B, U+2060–2064) and the byte-order mark (U+FEFF), as upload
// names already strip them. The zero-width joiners (U+200C–200D) stay: emoji and scripts need them.
// Multi-line text keeps tab, LF and CR. A regex check rather than a refine, so the OpenAPI
// document shows it as a `pattern`.
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*$/;
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*$/;
export const controlCharsMessage = 'Must not contain control or invisible formatting characters';

/**
 * The one string builder every text field of the API uses: a string without control
 * characters (`multiline` allows tab and line breaks). `error` names a missing or non-string value.
 */
export function text(opts: { multiline?: boolean; error?: string } = {}) {
  const base = opts.error ? z.string({ error: opts.error }) : z.string();
  return base.regex(opts.multiline ? MULTI_LINE : SINGLE_LINE, controlCharsMessage);
}

/**
 * A password: hashed, never stored as text, so any character a member typed before stays
 * valid (a pasted tab must not lock an account out); only NUL is refused, as it is everywhere.
 */
export function secret(opts: { error?: string } = {}) {
  const base = opts.error ? z.string({ error: opts.error }) : z.string();
  return base.regex(/^[^\u0000]*$/, controlCharsMessage);
}

/** True when `value` would pass `text({ multiline })`: for values that arrive outside a schema. */
export function isSafeText(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** Every error: a message; a 400 also names each invalid field's message. */
export const errorResponse = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });

/** `offset` and `limit` of every list (default 20, max 100). */
export const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Ids are int4 identity columns: a larger number is refused here, not by PostgreSQL as a 500. */
export const ID_MAX = 2_147_483_647;
export const idField = z.coerce.number().int().positive().max(ID_MAX);

export const idParam = z.object({ id: idField });

/** A member's write past one of their budgets (429, with Retry-After). */
export const tooManyWritesMessage = "You're doing that too often. Please wait a moment and try again.";

/** One address holding more connections or uploads than its share (429, with Retry-After). */
export const tooManyConnectionsMessage = 'Too many connections from your address. Please try again in a moment.';
