import { TOPICS, type InvalidationBus } from '../../../lib/invalidation-bus';

/**
 * Whole answers as last sent, by key (a member's feed page), for the member who asks again while
 * nothing changed: the skeleton, cards and marks are cached already, but joining and checking
 * twenty cards and sending a new 20 kB buffer cost as much as the rest of the request. Any message
 * on the invalidation bus (a write anywhere on the site) empties it, and an answer whose build was
 * running when one arrived is not kept, so it is never older than the caches it was built from
 * (docs/decisions/018). While the bus is unreliable nothing is kept or answered from it.
 */
export function createAnswerMemo(bus: InvalidationBus, opts: { max?: number } = {}) {
  const max = opts.max ?? 1_000;
  const answers = new Map<string, Buffer>();
  let generation = 0;
  for (const topic of TOPICS)
    bus.subscribe(topic, () => {
      generation++;
      answers.clear();
    });

  return {
    async get(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
      if (!bus.reliable()) return build();
      const held = answers.get(key);
      if (held) return held;
      const startedAt = generation;
      const built = await build();
      if (startedAt === generation && bus.reliable()) {
        if (answers.size >= max) answers.delete(answers.keys().next().value!);
        answers.set(key, built);
      }
      return built;
    },
    get size() {
      return answers.size;
    },
  };
}
