import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { controlCharsMessage } from '../../../contract/common';
import { useTestApp } from '../../../tests/helpers/test-app';
import { newMember } from '../../../tests/helpers/test-client';

// A failed query must never write its parameters (a password hash, an email) to the log.

let log = '';
const stream = new PassThrough();
stream.on('data', (c: Buffer) => (log += c.toString('utf8')));
const t = useTestApp({ LOG_LEVEL: 'info', AUTH_RATE_LIMIT: '1000' }, {}, { logStream: stream });

describe('no query parameters in the log', () => {
  it('a NUL in any sign-up field answers 400, stores nothing and logs no hash', async () => {
    for (const field of ['email', 'username', 'password', 'firstName', 'lastName', 'reason']) {
      const m = newMember();
      const res = await t.client().post('/api/register', { ...m, [field]: `${field === 'email' ? 'a' : 'abcdef'}\u0000x` });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field], field).toBe(controlCharsMessage);
      const rows = await t.database.db.execute(sql`select count(*)::int as n from users where email = ${m.email}`);
      expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    }
    expect(log).not.toContain('$argon2');
  });

  it('an INSERT that fails in the database logs the error without its parameters', async () => {
    // A constraint the app does not know: the INSERT of a sign-up fails after hashing.
    await t.database.db.execute(sql`alter table users add constraint no_boom check (first_name <> 'Boom')`);
    try {
      const m = newMember({ firstName: 'Boom', password: 'hash-me-please-1' });
      const res = await t.client().post('/api/register', m);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Internal server error' });
      await new Promise((r) => setTimeout(r, 100));
      expect(log).toContain('unexpected error');
      expect(log).toContain('Failed query: insert into \\"users\\"');
      for (const secret of ['$argon2', m.email, 'hash-me-please-1', 'params:']) expect(log.includes(secret), secret).toBe(false);
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint no_boom`);
    }
  });
});
