import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerFor, readRecording, type AnswerIndex } from './mix-replay.ts';

// The floor of the mix benchmark, in a process of its own (its CPU is read like the app's):
// node's HTTP server sending, for each request, the bytes the app sent for the same request
// (found by `x-bench-seq`), with no routing, no hooks, no database. A request with a body is
// read to its end first, as any server must.
//
// Messages from the parent: { type: 'load', file } → { type: 'loaded' }; { type: 'close' }.
// On start it sends { type: 'ready', port }.

let recording: { index: AnswerIndex; blob: Buffer } = { index: [], blob: Buffer.alloc(0) };

const server = http.createServer((req, res) => {
  const answer = () => {
    const a = answerFor(recording.index, recording.blob, Number(req.headers['x-bench-seq']));
    res.writeHead(a.status, { 'content-type': a.contentType, 'content-length': a.body.length });
    res.end(a.body);
  };
  if (req.method === 'GET') return answer();
  req.on('data', () => undefined);
  req.on('end', answer);
});
server.keepAliveTimeout = 30_000;

process.on('message', (message: { type: string; file?: string }) => {
  if (message.type === 'load') {
    readRecording(message.file!).then((r) => {
      recording = r;
      process.send!({ type: 'loaded' });
    });
  }
  if (message.type === 'close') server.close(() => process.exit(0));
});

server.listen(0, '127.0.0.1', () => process.send!({ type: 'ready', port: (server.address() as AddressInfo).port }));
