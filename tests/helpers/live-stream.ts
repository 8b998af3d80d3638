import type { TestClient } from './test-client';

export type LiveFrame = { event: string; data: any };

/** A member's open `GET /api/events`, its frames parsed as they arrive. */
export type LiveStream = {
  ended: boolean;
  events: LiveFrame[];
  comments: string[];
  headers: Headers;
  status: number;
  close(): void;
  /** The first frame `pred` takes, waiting for it up to `ms`. */
  waitFor(pred: (e: LiveFrame) => boolean, ms?: number): Promise<LiveFrame>;
};

/** Opens the stream with this member's cookie and parses its frames as they arrive. */
export async function openLiveStream(client: TestClient, url: string): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/events`, { headers: { cookie: client.cookieHeader }, signal: controller.signal });
  const stream: LiveStream = {
    ended: false,
    events: [],
    comments: [],
    headers: res.headers,
    status: res.status,
    close: () => controller.abort(),
    async waitFor(pred, ms = 1000) {
      const until = Date.now() + ms;
      for (;;) {
        const hit = stream.events.find(pred);
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`no matching event within ${ms} ms: ${JSON.stringify(stream.events)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
  if (res.status !== 200 || !res.body) return stream;
  void readLiveFrames(res.body, (frame) => {
    stream.comments.push(...frame.comments);
    if (frame.event && frame.data !== undefined) stream.events.push({ event: frame.event, data: frame.data });
  }).then(() => {
    stream.ended = true;
  });
  return stream;
}

/**
 * Hands `onFrame` each frame of a server-sent events body as it arrives: its comment lines, its
 * event name and its parsed `data:` line, when it has them. Resolves once the body ends, is
 * closed by the server or aborted by the caller.
 */
export async function readLiveFrames(body: ReadableStream<Uint8Array>, onFrame: (frame: { comments: string[]; event?: string; data?: any }) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        onFrame({
          comments: lines.filter((l) => l.startsWith(':')).map((l) => l.slice(1).trim()),
          event: lines.find((l) => l.startsWith('event: '))?.slice(7),
          data: data === undefined ? undefined : JSON.parse(data),
        });
      }
    }
  } catch {
    // aborted by the caller or closed by the server
  }
}
