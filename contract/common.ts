import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE } from './limits';

/** Every error: a message; a 400 also names each invalid field's message. */
export const errorResponse = z.object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });

/** `offset` and `limit` of every list (DESIGN.md: default 20, max 100). */
export const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Ids are int4 identity columns: a larger number is refused here, not by PostgreSQL as a 500. */
export const ID_MAX = 2_147_483_647;
export const idField = z.coerce.number().int().positive().max(ID_MAX);

export const idParam = z.object({ id: idField });
