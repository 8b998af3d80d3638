// The request conventions and the error rule, shared by every screen.

type QueryValue = string | number | boolean | null | undefined;

/** `?a=1&b=2` from an object, skipping null, undefined and empty strings; '' when nothing remains. */
export function toQueryString(params: Record<string, QueryValue | QueryValue[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === null || item === undefined || item === '') continue;
      search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Throws `${status}: ${body or status text}` for any non-success answer. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw httpError(res.status, text, res.headers.get('retry-after'));
}

/** An answer's error: `${status}: ${text}`, carrying a 429's `Retry-After` (seconds) when it had one. */
export function httpError(status: number, text: string, retryAfter: string | null): Error & { retryAfterSeconds?: number } {
  const seconds = Number(retryAfter);
  return Object.assign(new Error(`${status}: ${text}`), Number.isFinite(seconds) && seconds > 0 ? { retryAfterSeconds: seconds } : {});
}

/**
 * Runs `send`, and again after the server's `Retry-After` when it answers 429 (a member's write
 * budget, docs/decisions/021), up to `tries` times in all: a member uploading a whole album is
 * slowed down, not failed. Other errors are thrown at once.
 */
export async function withRetryAfter<T>(send: () => Promise<T>, tries = 4, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= tries || errorStatus(error) !== 429) throw error;
      const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 5;
      await wait(Math.min(seconds, 120) * 1000);
    }
  }
}

export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** `answer`, or `fallback` when the server answered `status` (a signed-out 401, a file gone 404). */
export async function orOnStatus<T, F>(answer: Promise<T>, status: number, fallback: F): Promise<T | F> {
  try {
    return await answer;
  } catch (error) {
    if (errorStatus(error) === status) return fallback;
    throw error;
  }
}

/** The HTTP status at the start of an error raised by `throwIfResNotOk`, if any. */
export function errorStatus(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The server's `{message}` inside an error raised by `throwIfResNotOk`, else the fallback.
 * Bodies that are not JSON with a message (HTML error pages, network failures) give the fallback.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return fallback;
  try {
    const parsed: unknown = JSON.parse(match[1]);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
      return parsed.message;
    }
  } catch {
    // Not JSON: the caller's default message reads better than raw text.
  }
  return fallback;
}

/**
 * A failed write's toast text: the spec's own string, except when the member was past a write
 * budget (429, decision 021), where the server's "You're doing that too often…" says what to do.
 */
export function failureText(error: unknown, fallback: string): string {
  return errorStatus(error) === 429 ? serverMessage(error, fallback) : fallback;
}
