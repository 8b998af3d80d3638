import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { eventTypes, type DomainEvent } from './domain-events';
import { eventTable } from './event-table';
import { createEventWriter } from './event-writer';

const serverDir = path.join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The event types a source file records: the quoted names in the `type:` of what it emits. */
function recorded(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  if (!/\bemit\(|DomainEvent\[\]/.test(text)) return [];
  return [...text.matchAll(/\btype: ([^,}\n]+)/g)].flatMap((m) => [...m[1].matchAll(/'([a-z-]+\.[a-z.-]+)'/g)].map((q) => q[1]));
}

describe('the event table (server/events/event-table.ts)', () => {
  it('has a line for every event type, and none for a type that does not exist', () => {
    expect(eventTypes.filter((type) => typeof eventTable[type] !== 'function')).toEqual([]);
    expect(Object.keys(eventTable).filter((type) => !(eventTypes as readonly string[]).includes(type))).toEqual([]);
  });

  it('knows every event a write of the server records', () => {
    const found = sources(serverDir).flatMap((file) => recorded(file).map((type) => ({ type, file: path.relative(serverDir, file) })));
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter(({ type }) => !(eventTypes as readonly string[]).includes(type))).toEqual([]);
  });
});

describe('the event writer', () => {
  /** A database whose transaction hands `tx` to the work and fails when the work fails. */
  const fakeDb = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work('tx') } as unknown as Db;

  it('queues the jobs in the write’s transaction and announces what went stale once, after it', async () => {
    const log: string[] = [];
    const writer = createEventWriter({
      db: fakeDb,
      queue: { send: async (name, data, opts) => (log.push(`job ${name} ${JSON.stringify(data)} in ${String(opts?.tx)}`), null) },
      bus: { publish: async (topic, key) => void log.push(`stale ${topic} ${key}`) },
    });
    const answer = await writer.write(async (_tx, emit) => {
      log.push('write');
      emit({ type: 'like.added', fileId: 7, userId: 3 });
      emit({ type: 'like.removed', fileId: 7, userId: 3 });
      return 'answer';
    });
    expect(answer).toBe('answer');
    expect(log).toEqual(['write', 'job like.added {"fileId":7,"userId":3} in tx', 'job like.removed {"fileId":7,"userId":3} in tx', 'stale file 7', 'stale likes 3']);
  });

  it('announces nothing and queues nothing when the write fails', async () => {
    const log: string[] = [];
    const writer = createEventWriter({ db: fakeDb, queue: { send: async (name) => (log.push(name), null) }, bus: { publish: async (topic) => void log.push(topic) } });
    const event: DomainEvent = { type: 'file.deleted', fileId: 1 };
    await expect(
      writer.write(async (_tx, emit) => {
        emit(event);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(log).toEqual([]);
  });
});
