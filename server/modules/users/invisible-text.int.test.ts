import { describe, expect, it } from 'vitest';
import { controlCharsMessage } from '../../../contract/common';
import { useTestApp } from '../../../tests/helpers/test-app';
import { newMember, signUp } from '../../../tests/helpers/test-client';
import { createFolder, uploadOk } from '../../../tests/helpers/folders';

// A right-to-left override (U+202E) or an isolate (U+2066–2069) in a name, bio, folder
// text or message makes "gpj.exe" read as "exe.jpg" and hides text. Refused everywhere with 400.
const TRICKS = ['\u202e', '\u202a', '\u2066', '\u2069', '\u200f', '\u061c', '\u200b', '\u2060', '\ufeff'];

describe('invisible formatting characters in member-written text', () => {
  const t = useTestApp();

  it('are refused in sign-up names, profile names and bio, folder name and description, comments and messages', async () => {
    const c = t.client();
    const me = await signUp(c);
    const bob = await signUp(t.client());
    const fileId = await uploadOk(c, 'photo.gif');
    const folderId = await createFolder(c, { name: 'Holiday' });
    for (const ch of TRICKS) {
      const word = `gpj${ch}.exe`;
      const writes = [
        await t.client().post('/api/register', newMember({ firstName: word })),
        await c.put('/api/user/profile', { firstName: word, lastName: null, username: me.username, bio: null }),
        await c.put('/api/user/profile', { firstName: null, lastName: null, username: me.username, bio: `about ${word}` }),
        await c.post('/api/folders', { name: word }),
        await c.patch(`/api/folders/${folderId}`, { description: word }),
        await c.post(`/api/files/${fileId}/comments`, { content: word }),
        await c.post('/api/messages', { recipientId: bob.id, content: word }),
      ];
      for (const [i, res] of writes.entries()) {
        expect(res.status, `write ${i} with U+${ch.codePointAt(0)!.toString(16)}`).toBe(400);
        expect(res.text).toContain(controlCharsMessage);
      }
    }
    // Nothing of it was stored.
    expect((await c.get(`/api/files/${fileId}/comments`)).body).toEqual([]);
    expect((await c.get('/api/folders')).body.map((f: { name: string }) => f.name)).toEqual(['Holiday']);
  });

  it('keep the joiners that emoji and scripts need', async () => {
    const c = t.client();
    const me = await signUp(c);
    const family = 'Family \u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    const res = await c.put('/api/user/profile', { firstName: 'می\u200cخواهم', lastName: null, username: me.username, bio: family });
    expect(res.status, res.text).toBe(200);
    expect(res.body.bio).toBe(family);
  });
});
