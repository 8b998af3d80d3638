/** The name of the unique index a PostgreSQL error violated, when it is one. */
export function uniqueViolation(err: unknown): string | null {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

/** The foreign key a PostgreSQL error violated, when it is one (the row pointed at is gone). */
export function foreignKeyViolation(err: unknown): string | null {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 3; depth++) {
    if (e.code === '23503') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}
