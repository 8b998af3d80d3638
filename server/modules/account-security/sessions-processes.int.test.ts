import { describe, expect, it } from 'vitest';
import { openLiveStream, settlesWithin } from '../../../tests/helpers/account-security';
import { useDeployment } from '../../../tests/helpers/deployment';
import { signedUp } from '../../../tests/helpers/test-client';

// Two app processes on one database and one Redis, as behind a load balancer: a session ended
// from Settings on one is refused at once on the other, whose cache held it, and its live stream
// there ends.
const d = useDeployment(2, { AUTH_RATE_LIMIT: '1000' });

describe('ending a session on every process', () => {
  it('refuses the ended session at once on the other process and ends its stream there', async () => {
    const [a, b] = d.apps;
    const m = await signedUp(a);
    const phone = b.client();
    expect((await phone.post('/api/login', { emailOrUsername: m.username, password: m.password })).status).toBe(200);
    // Process b has the phone's session cached and its stream open.
    expect((await phone.get('/api/user')).status).toBe(200);
    const stream = await openLiveStream(b.url, phone);
    expect(stream.status).toBe(200);

    const phoneSession = (await m.client.get('/api/user/sessions')).body.find((s: { current: boolean }) => !s.current);
    expect((await m.client.delete(`/api/user/sessions/${phoneSession.id}`)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect(await settlesWithin(stream.ended, 2000)).toBe(true);
  });

  it('signs out everywhere else across processes', async () => {
    const [a, b] = d.apps;
    const m = await signedUp(a);
    const laptop = b.client();
    await laptop.post('/api/login', { emailOrUsername: m.username, password: m.password });
    expect((await laptop.get('/api/user/sessions')).status).toBe(200);
    const stream = await openLiveStream(b.url, laptop);
    expect((await m.client.delete('/api/user/sessions')).status).toBe(200);
    expect((await laptop.get('/api/user/sessions')).status).toBe(401);
    expect(await settlesWithin(stream.ended, 2000)).toBe(true);
    expect((await m.client.get('/api/user')).status).toBe(200);
  });
});
