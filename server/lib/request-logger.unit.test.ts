import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  // Fastify's own pino, as the app makes it (lib/log-options.ts).
  return { root: Fastify({ logger: { level, stream } }).log, lines };
}

describe('a request logger', () => {
  it('writes its lines with the request id, as a pino child would', () => {
    const { root, lines } = logger('info');
    const log = lazyRequestLogger(root, { reqId: 'req-7' }, {});
    log.info({ status: 200 }, 'request');
    log.error('failed');
    expect(lines.map((l) => [l.reqId, l.level, l.msg])).toEqual([['req-7', 30, 'request'], ['req-7', 50, 'failed']]);
    expect(lines[0].status).toBe(200);
    expect(log.level).toBe('info');
  });

  it('makes no child for a line below its level', () => {
    const { root, lines } = logger('warn');
    let children = 0;
    const counted = Object.assign(Object.create(root), { child: (...args: Parameters<typeof root.child>) => (children++, root.child(...args)) });
    const log = lazyRequestLogger(counted, { reqId: 'req-1' }, {});
    log.debug('quiet');
    log.info('quiet too');
    expect(children).toBe(0);
    log.warn('heard');
    log.warn('heard again');
    expect(children).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual(['heard', 'heard again']);
  });

  it('is pino\'s own child when the route sets a level of its own', () => {
    const { root, lines } = logger('warn');
    const log = lazyRequestLogger(root, { reqId: 'req-2' }, { level: 'debug' });
    log.debug('route level');
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([['req-2', 'route level']]);
  });
});
