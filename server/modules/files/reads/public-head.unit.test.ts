import { describe, expect, it } from 'vitest';
import { ALL, createLocalBus } from '../../../lib/invalidation-bus';
import { addedKey, createPublicHead, withoutOwners } from './public-head';

/** Public files as ids; each owned by member `id % 10` (file 35 by member 5). */
function setup(publicIds: number[], size: number) {
  const bus = createLocalBus();
  let loads = 0;
  const rows = () => [...publicIds].sort((a, b) => b - a).map((id) => ({ id, userId: id % 10 }));
  const head = createPublicHead({ publicHead: async (limit) => (loads++, rows().slice(0, limit)) }, bus, { size });
  return { bus, head, loads: () => loads, publicIds };
}

describe('the public head', () => {
  it('lays a new public upload in place without a reload', async () => {
    const s = setup([1, 2, 3], 5);
    expect(await s.head.get()).toEqual({ ids: [3, 2, 1], owners: [3, 2, 1], complete: true });
    await s.bus.publish('skeleton', addedKey(4, 4));
    await s.bus.publish('skeleton', addedKey(4, 4));
    expect(await s.head.get()).toEqual({ ids: [4, 3, 2, 1], owners: [4, 3, 2, 1], complete: true });
    expect(s.loads()).toBe(1);
  });

  it('keeps its size, and leaves out an older id it cannot place', async () => {
    const s = setup([10, 20, 30, 40], 3);
    expect(await s.head.get()).toEqual({ ids: [40, 30, 20], owners: [0, 0, 0], complete: false });
    await s.bus.publish('skeleton', addedKey(5, 5));
    await s.bus.publish('skeleton', addedKey(35, 5));
    expect(await s.head.get()).toEqual({ ids: [40, 35, 30], owners: [0, 5, 0], complete: false });
    expect(s.loads()).toBe(1);
  });

  it('reloads after any other change of which files are public', async () => {
    const s = setup([1, 2, 3], 5);
    await s.head.get();
    s.publicIds.splice(0, 1);
    await s.bus.publish('skeleton', ALL);
    expect((await s.head.get()).ids).toEqual([3, 2]);
    expect(s.loads()).toBe(2);
  });

  it('leaves the files of the members a viewer blocked or muted out of their copy, not the shared one', async () => {
    const s = setup([11, 12, 21, 13, 22], 5);
    const shared = await s.head.get();
    expect(withoutOwners(shared, new Set([2]))).toEqual({ ids: [21, 13, 11], owners: [1, 3, 1], complete: true });
    expect((await s.head.get()).ids).toEqual([22, 21, 13, 12, 11]);
  });
});
