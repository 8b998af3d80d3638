import type { Db, Tx } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { InvalidationBus } from '../lib/invalidation-bus';
import type { LiveHub } from '../live/live-hub';
import type { DomainEvent } from './domain-events';
import { effectsOf, type Effects } from './event-table';

/** Records an event of the write in progress. */
export type Emit = (event: DomainEvent) => void;

export type EventWriter = {
  /**
   * Runs `work` in one transaction. The events it records queue their jobs in that same
   * transaction (the rows and their jobs commit together, or neither does); once it has
   * committed, their stale reads are announced on the bus (awaited: the write answers once every
   * process knows) and their live frames published. A write that fails announces nothing.
   */
  write<T>(work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
};

export type EventWriterDeps = {
  db: Db;
  queue: Pick<JobQueue, 'send'>;
  bus: Pick<InvalidationBus, 'publish'>;
  live?: Pick<LiveHub, 'publish'>;
};

/** How every write of the server records what it did (docs/decisions/038-events-as-data.md). */
export function createEventWriter(d: EventWriterDeps): EventWriter {
  async function announce(effects: Effects[]): Promise<void> {
    // One message per topic and key, however many events named it.
    const stale = new Map(effects.flatMap((e) => e.stale ?? []).map(([topic, key]) => [`${topic}\n${key}`, [topic, String(key)] as const]));
    await Promise.all([...stale.values()].map(([topic, key]) => d.bus.publish(topic, key)));
    for (const frame of effects.flatMap((e) => e.live ?? [])) d.live?.publish(frame.userId, frame.event);
  }

  return {
    async write(work) {
      const effects: Effects[] = [];
      const result = await d.db.transaction(async (tx) => {
        const events: DomainEvent[] = [];
        const answer = await work(tx, (event) => events.push(event));
        for (const event of events) effects.push(effectsOf(event));
        for (const { name, data } of effects.flatMap((e) => e.jobs ?? [])) await d.queue.send(name, data as never, { tx });
        return answer;
      });
      await announce(effects);
      return result;
    },
  };
}
