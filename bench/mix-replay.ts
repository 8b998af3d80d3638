import fs from 'node:fs/promises';

// The app's answers by request, for the bare server to send back: one buffer of bodies
// (identical bodies stored once) and an index by `x-bench-seq`. A request the app did not
// answer (timeout, connection error) is replayed as a 504 with no body, which the generator
// counts as the answer expected from the bare server.

export type RecordedAnswer = { status: number; contentType: string; body: Buffer };
export type AnswerIndex = { status: number; contentType: string; offset: number; length: number }[];

export const UNANSWERED: RecordedAnswer = { status: 504, contentType: 'text/plain', body: Buffer.alloc(0) };

export function createRecorder() {
  const index: AnswerIndex = [];
  const chunks: Buffer[] = [];
  const seen = new Map<string, number>();
  let size = 0;

  return {
    /** Keeps the answer to request `seq`; a body already kept (same bytes) is shared. */
    record(seq: number, answer: RecordedAnswer): void {
      // Bodies are JSON or small: the latin1 view is a cheap exact key.
      const key = answer.body.toString('latin1');
      let offset = seen.get(key);
      if (offset === undefined) {
        offset = size;
        seen.set(key, offset);
        chunks.push(answer.body);
        size += answer.body.length;
      }
      index[seq] = { status: answer.status, contentType: answer.contentType, offset, length: answer.body.length };
    },
    /** Everything kept, with a 504 for every request before the last that has no answer. */
    snapshot(): { index: AnswerIndex; blob: Buffer } {
      const filled = Array.from(index, (a) => a ?? { status: UNANSWERED.status, contentType: UNANSWERED.contentType, offset: 0, length: 0 });
      return { index: filled, blob: Buffer.concat(chunks, size) };
    },
  };
}
export type Recorder = ReturnType<typeof createRecorder>;

/** The answer the bare server sends for `seq` (out of range: a 404 the generator sees as wrong). */
export function answerFor(index: AnswerIndex, blob: Buffer, seq: number): RecordedAnswer {
  const a = index[seq];
  if (!a) return { status: 404, contentType: 'text/plain', body: Buffer.alloc(0) };
  return { status: a.status, contentType: a.contentType, body: blob.subarray(a.offset, a.offset + a.length) };
}

/** Written to a file for the bare server's process: a JSON index line, then the bodies. */
export async function writeRecording(file: string, recording: { index: AnswerIndex; blob: Buffer }): Promise<void> {
  const head = Buffer.from(JSON.stringify(recording.index) + '\n');
  await fs.writeFile(file, Buffer.concat([head, recording.blob]));
}

export async function readRecording(file: string): Promise<{ index: AnswerIndex; blob: Buffer }> {
  const data = await fs.readFile(file);
  const newline = data.indexOf(10);
  return { index: JSON.parse(data.subarray(0, newline).toString('utf8')) as AnswerIndex, blob: data.subarray(newline + 1) };
}
