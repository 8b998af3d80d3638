import { describe, expect, it } from 'vitest';
import { useDeployment } from '../../../tests/helpers/deployment';
import { uploadOk } from '../../../tests/helpers/folders';
import { newMember, signUp } from '../../../tests/helpers/test-client';

// Two app processes on one database and one Redis: a block, a mute and a suspension made on one
// process show on the next read on the other, whose caches held the pages before.
const d = useDeployment(2, { AUTH_RATE_LIMIT: '1000', ADMIN_EMAILS: 'safety-procs@example.com' });

const feedIds = async (c: { get(url: string): Promise<{ body: { id: number }[] }> }) => (await c.get('/api/files')).body.map((f) => f.id);

describe('safety across processes', () => {
  it('a block on one process hides the pair from each other on the other at once, and an unblock restores them', async () => {
    const [a, b] = d.apps;
    const [aliceOnA, bobOnA] = [a.client(), a.client()];
    const alice = newMember();
    await signUp(aliceOnA, alice);
    const bobId = (await signUp(bobOnA)).id;
    const bobFile = await uploadOk(bobOnA, 'bob.gif');
    // Alice's second browser is served by process b, which caches her feed and bob's card.
    const aliceOnB = b.client();
    expect((await aliceOnB.post('/api/login', { emailOrUsername: alice.username, password: alice.password })).status).toBe(200);
    expect(await feedIds(aliceOnB)).toContain(bobFile);
    expect((await aliceOnB.get(`/api/files/${bobFile}`)).status).toBe(200);

    expect((await aliceOnA.post(`/api/users/${bobId}/block`)).status).toBe(200);
    expect(await feedIds(aliceOnB)).not.toContain(bobFile);
    expect((await aliceOnB.get(`/api/files/${bobFile}`)).status).toBe(404);
    expect((await aliceOnA.delete(`/api/users/${bobId}/block`)).status).toBe(200);
    expect(await feedIds(aliceOnB)).toContain(bobFile);
  });

  it('a suspension on one process hides the member on the other at once', async () => {
    const [a, b] = d.apps;
    const [admin, member, viewer] = [a.client(), a.client(), b.client()];
    await signUp(admin, { email: 'safety-procs@example.com' });
    const memberId = (await signUp(member)).id;
    await signUp(viewer);
    const file = await uploadOk(member, 'suspended.gif');
    expect(await feedIds(viewer)).toContain(file);
    expect((await admin.post(`/api/admin/users/${memberId}/suspend`, {})).status).toBe(200);
    expect(await feedIds(viewer)).not.toContain(file);
    expect((await viewer.get(`/api/files/${file}`)).status).toBe(404);
  });
});
