export type TestResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

/** A browser-like HTTP client: keeps the session cookie and sends the app's own Origin. */
export class TestClient {
  cookies = new Map<string, string>();
  /** `origin` is what a browser would send: PUBLIC_URL's origin when the app sits behind a proxy. */
  constructor(
    readonly baseUrl: string,
    readonly origin = baseUrl,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const h: Record<string, string> = { origin: this.origin, ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(this.baseUrl + url, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body, headers);
  }
  put<T = any>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body);
  }
  patch<T = any>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body);
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }
}

let counter = 0;
/** A unique, valid sign-up payload. */
export function newMember(over: Partial<Record<string, string>> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  return { email: `m${tag}@example.com`, username: `m_${tag}`, password: 'secret123', firstName: 'Test', lastName: `Member${counter}`, ...over };
}

export async function signUp(client: TestClient, over: Partial<Record<string, string>> = {}) {
  const member = newMember(over);
  const res = await client.post('/api/register', member);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { ...member, id: res.body.id as number, user: res.body };
}

/** A new client of `app` with a member signed up in it: the client, the sign-up payload and the created member. */
export async function signedUp(app: { client(): TestClient }, over: Partial<Record<string, string>> = {}) {
  const client = app.client();
  return { client, ...(await signUp(client, over)) };
}
