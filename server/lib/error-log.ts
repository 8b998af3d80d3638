/**
 * What an error may put in the log. A failed query's error (drizzle's DrizzleQueryError)
 * carries the query's parameters in `params` and in its message and stack: a password hash,
 * an email, a comment. Only the fields below are kept, and the parameters are cut from the
 * message and stack, so no query value can reach the log whatever failed.
 */
export type LoggedError = { type: string; message: string; stack: string; code?: string; statusCode?: number; cause?: LoggedError };

const MAX_CAUSES = 4;

export function errorForLog(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-error thrown', stack: '' };
  const e = err as Error & { code?: unknown; statusCode?: unknown; query?: unknown; params?: unknown; cause?: unknown };
  const isQueryError = typeof e.query === 'string' && 'params' in e;
  const message = isQueryError ? `Failed query: ${e.query as string}` : e.message;
  let stack = e.stack ?? '';
  if (isQueryError) {
    // The stack opens with "<name>: <message>", the parameters included: keep only the frames.
    const frames = stack.indexOf('\n    at ');
    stack = `${e.name}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`;
  }
  const out: LoggedError = { type: e.name, message, stack };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = errorForLog(e.cause, depth + 1);
  return out;
}
