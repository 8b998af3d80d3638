import { describe, expect, it } from 'vitest';
import { createLocalBus, type InvalidationBus } from '../../../lib/invalidation-bus';
import { createAnswerMemo } from './answer-memo';

/** A build that answers `n` bytes of its call number, counting its calls. */
function counter() {
  let calls = 0;
  return { build: async () => Buffer.from(String(++calls)), calls: () => calls };
}

describe('whole answers kept until the bus says something changed', () => {
  it('builds once and answers the same bytes again, per key', async () => {
    const memo = createAnswerMemo(createLocalBus());
    const c = counter();
    expect((await memo.get('a', c.build)).toString()).toBe('1');
    expect((await memo.get('a', c.build)).toString()).toBe('1');
    expect((await memo.get('b', c.build)).toString()).toBe('2');
    expect(c.calls()).toBe(2);
  });

  it('builds again after any message on the bus, whatever its topic', async () => {
    const bus = createLocalBus();
    const memo = createAnswerMemo(bus);
    const c = counter();
    await memo.get('a', c.build);
    await bus.publish('likes', '42');
    expect((await memo.get('a', c.build)).toString()).toBe('2');
    await bus.publish('views', '1:5');
    expect((await memo.get('a', c.build)).toString()).toBe('3');
    expect(memo.size).toBe(1);
  });

  it('does not keep an answer whose build was running when a message arrived', async () => {
    const bus = createLocalBus();
    const memo = createAnswerMemo(bus);
    const c = counter();
    const stale = memo.get('a', async () => {
      await bus.publish('file', '7');
      return c.build();
    });
    expect((await stale).toString()).toBe('1');
    expect((await memo.get('a', c.build)).toString()).toBe('2');
  });

  it('neither keeps nor answers while the bus may miss messages', async () => {
    let reliable = false;
    const local = createLocalBus();
    const bus: InvalidationBus = { ...local, reliable: () => reliable };
    const memo = createAnswerMemo(bus);
    const c = counter();
    await memo.get('a', c.build);
    expect(memo.size).toBe(0);
    reliable = true;
    await memo.get('a', c.build);
    reliable = false;
    expect((await memo.get('a', c.build)).toString()).toBe('3');
  });

  it('holds at most `max` answers, the oldest going first', async () => {
    const memo = createAnswerMemo(createLocalBus(), { max: 2 });
    const c = counter();
    for (const key of ['a', 'b', 'c']) await memo.get(key, c.build);
    expect(memo.size).toBe(2);
    expect((await memo.get('a', c.build)).toString()).toBe('4');
    expect((await memo.get('c', c.build)).toString()).toBe('3');
  });
});
