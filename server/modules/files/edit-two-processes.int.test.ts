import { beforeAll, describe, expect, it } from 'vitest';
import { useDeployment } from '../../../tests/helpers/deployment';
import type { TestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { photo, uploadOk } from '../../../tests/helpers/upload';

// An edit after posting on one app process shows on the next read of another (docs/decisions/032):
// the edit goes through the files repository, whose updates are announced on the shared bus.

const pair = useDeployment(2, { AUTH_RATE_LIMIT: '1000' });
let a: TestApp;
let b: TestApp;
beforeAll(() => {
  [a, b] = pair.apps;
});

/** The same browser talking to another process behind the balancer: same cookie. */
function sameBrowserOn(t: TestApp, client: TestClient): TestClient {
  const other = t.client();
  other.cookies = new Map(client.cookies);
  return other;
}

describe('an edit on process A', () => {
  it("shows on B's cached feed, detail and visitor page at once", async () => {
    const owner = a.client();
    await signUp(owner);
    const file = await uploadOk(owner, await photo('grass.jpg'), 'grass.jpg', { name: 'Meadow', altText: 'Tall grass' }, 'image/jpeg');
    const viewer = b.client();
    await signUp(viewer);
    const card = async () => ((await viewer.get('/api/files?limit=50')).body as { id: number; name: string; alt: string }[]).find((c) => c.id === file.id);
    // B holds the card now.
    expect(await card()).toMatchObject({ name: 'Meadow', alt: 'Tall grass' });
    expect(await (await fetch(`${b.url}/file/${file.id}`)).text()).toContain('Meadow');

    const edited = await owner.patch(`/api/files/${file.id}`, { name: 'Summer meadow', altText: 'Tall grass in the wind' });
    expect(edited.status, edited.text).toBe(200);
    expect(await card()).toMatchObject({ name: 'Summer meadow', alt: 'Tall grass in the wind' });
    expect((await sameBrowserOn(b, owner).get(`/api/files/${file.id}`)).body.editedAt).not.toBeNull();
    expect(await (await fetch(`${b.url}/file/${file.id}`)).text()).toContain('Summer meadow');

    expect((await owner.patch(`/api/files/${file.id}`, { isPublic: false })).status).toBe(200);
    expect(await card()).toBeUndefined();
    expect((await fetch(`${b.url}/file/${file.id}`)).status).toBe(404);
  });
});
