import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/test-app';
import { signUp, type TestClient } from '../../../tests/helpers/test-client';
import { uploadOk } from '../../../tests/helpers/upload';

const t = useTestApp({ AUTH_RATE_LIMIT: '1000' });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const upload = async (c: TestClient, name: string, isPublic: boolean): Promise<number> => (await uploadOk(c, PNG, `${name}.png`, { name, isPublic: String(isPublic) }, 'image/png')).id;

describe('GET /api/users/{id}/files', () => {
  it("lists a member's files newest first: all of them to the owner, public ones to others, filtered by name", async () => {
    const owner = t.client();
    const me = await signUp(owner);
    const open = await upload(owner, 'Open sky', true);
    const hidden = await upload(owner, 'Hidden diary', false);
    const other = t.client();
    await signUp(other);

    const mine = await owner.get(`/api/users/${me.id}/files?limit=100`);
    expect(mine.body.map((f: { id: number }) => f.id)).toEqual([hidden, open]);
    const theirs = await other.get(`/api/users/${me.id}/files`);
    expect(theirs.body.map((f: { id: number }) => f.id)).toEqual([open]);
    const searched = await owner.get(`/api/users/${me.id}/files?search=diary`);
    expect(searched.body.map((f: { id: number }) => f.id)).toEqual([hidden]);
    expect((await owner.get(`/api/users/${me.id}/files?search=%25`)).body).toEqual([]);
    expect((await t.client().get(`/api/users/${me.id}/files`)).status).toBe(401);
  });
});
