import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index';
import { uploadOk } from '../../../tests/helpers/folders';
import { useNotifiedCast } from '../../../tests/helpers/notified-members';

// A notification shows who did it and what it is about (decision 030): the actor, and the
// file's thumbnail, only while the member may see that file.
const { t, owner, ana, bob, list, told, ok } = useNotifiedCast();

describe('notification rows carry faces', () => {
  it("gives a like its actor and the file's thumbnail, a picture the member can load", async () => {
    const fileId = await uploadOk(owner.client, 'Thumb.gif');
    await ok(ana.client.post(`/api/files/${fileId}/like`));
    await told();
    const item = (await list(owner)).notifications.find((n) => n.fileId === fileId)!;
    expect(item.fromUser).toMatchObject({ id: ana.id, firstName: 'Ana' });
    expect(item.fileThumbnailUrl).toMatch(/^\/uploads\//);
    const picture = await fetch(`${t.url}${item.fileThumbnailUrl}`, { headers: { cookie: owner.client.cookieHeader } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it("drops the thumbnail of another member's file once the member may no longer see it", async () => {
    const fileId = await uploadOk(owner.client, 'Shared.gif');
    await ok(ana.client.post(`/api/files/${fileId}/comments`, { content: 'first' }), 201);
    await ok(bob.client.post(`/api/files/${fileId}/comments`, { content: 'second' }), 201);
    await told();
    const reply = async () => (await list(ana)).notifications.find((n) => n.fileId === fileId && n.type === 'reply')!;
    expect((await reply()).fileThumbnailUrl).toMatch(/^\/uploads\//);
    await t.database.db.update(files).set({ isPublic: false }).where(eq(files.id, fileId));
    expect((await reply()).fileThumbnailUrl).toBeNull();
  });
});
