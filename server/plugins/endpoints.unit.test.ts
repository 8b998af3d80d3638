import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam } from '../../contract/common';
import { endpoint } from '../../contract/endpoint';
import type { UserRow } from '../modules/users/users.repo';
import { registerEndpoints, unmatchedHandlers, type HandlersFor } from './endpoints';
import { registerErrorHandler } from './error-handler';

const table = {
  getThing: endpoint({ method: 'GET', path: '/api/things/:id', tags: ['t'], auth: 'visitor', params: idParam, responses: { 200: z.object({ id: z.number(), by: z.string() }) } }),
  addThing: endpoint({ method: 'POST', path: '/api/things', tags: ['t'], auth: 'member', body: z.object({ name: z.string() }), responses: { 201: z.object({ name: z.string() }) } }),
  purgeThings: endpoint({ method: 'DELETE', path: '/api/things', tags: ['t'], auth: 'admin', responses: { 200: z.object({ gone: z.number() }) } }),
  stopThings: endpoint({ method: 'POST', path: '/api/things/stop', tags: ['t'], auth: 'visitor', ignoresFormBody: true, responses: { 200: z.object({ stopped: z.boolean() }) } }),
  sendThing: endpoint({
    method: 'POST', path: '/api/things/send', tags: ['t'], auth: 'visitor',
    multipart: { required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
    responses: { 200: z.object({ parts: z.array(z.string()) }) },
  }),
};

const handlers: HandlersFor<typeof table> = {
  getThing: async (request) => ({ id: request.params.id, by: request.user?.username ?? 'visitor' }),
  addThing: async (request, reply) => reply.status(201).send({ name: `${request.body.name} by ${request.user.username}` }),
  purgeThings: async () => ({ gone: 3 }),
  stopThings: async () => ({ stopped: true }),
  sendThing: async (request) => {
    const parts: string[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') parts.push(`${part.fieldname}=${(await part.toBuffer()).toString()}`);
      else parts.push(`${part.fieldname}=${String(part.value)}`);
    }
    return { parts };
  },
};

async function appAs(user: Partial<UserRow> | null) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => void (request.user = user as UserRow | null));
  registerEndpoints(app, table, handlers, { multipart: { limits: { fileSize: 16 } } });
  await app.ready();
  return app;
}

describe('registerEndpoints', () => {
  it('names entries without a handler and handlers without an entry', () => {
    const { purgeThings: _left, ...rest } = handlers;
    expect(unmatchedHandlers(table, { ...rest, oldThing: () => null })).toEqual({ missing: ['purgeThings'], extra: ['oldThing'] });
  });

  it('refuses to start when the table and the handlers differ', () => {
    const app = Fastify();
    const { purgeThings: _left, ...partial } = handlers;
    expect(() => registerEndpoints(app, table, partial as typeof handlers)).toThrow('no handler for purgeThings');
    expect(() => registerEndpoints(app, table, { ...handlers, extraThing: async () => null } as typeof handlers)).toThrow('extraThing is not in the table');
  });

  it('serves each entry at its method and path, with its params parsed', async () => {
    const app = await appAs(null);
    const res = await app.inject({ method: 'GET', url: '/api/things/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, by: 'visitor' });
    expect((await app.inject({ method: 'GET', url: '/api/things/x' })).statusCode).toBe(400);
  });

  it('answers 401 to a visitor and 403 to a member before the handler runs', async () => {
    const visitor = await appAs(null);
    expect((await visitor.inject({ method: 'POST', url: '/api/things', payload: { name: 'a' } })).statusCode).toBe(401);
    expect((await visitor.inject({ method: 'DELETE', url: '/api/things' })).statusCode).toBe(401);
    const member = await appAs({ id: 1, username: 'tessa', isAdmin: false });
    const added = await member.inject({ method: 'POST', url: '/api/things', payload: { name: 'a' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ name: 'a by tessa' });
    expect((await member.inject({ method: 'DELETE', url: '/api/things' })).statusCode).toBe(403);
    const admin = await appAs({ id: 2, username: 'ada', isAdmin: true });
    expect((await admin.inject({ method: 'DELETE', url: '/api/things' })).json()).toEqual({ gone: 3 });
  });

  it('reads and ignores a short form body on an entry that takes one, and only there', async () => {
    const app = await appAs(null);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const stopped = await app.inject({ method: 'POST', url: '/api/things/stop', headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.json()).toEqual({ stopped: true });
    expect((await app.inject({ method: 'POST', url: '/api/things/stop', headers: form, payload: 'a='.padEnd(2000, 'x') })).statusCode).toBe(413);
    expect((await app.inject({ method: 'POST', url: '/api/things', headers: form, payload: 'name=a' })).statusCode).toBe(415);
  });

  it('reads a multipart body on a form entry, within its limits, and refuses one anywhere else, unread', async () => {
    const app = await appAs({ id: 1, username: 'tessa', isAdmin: false });
    const boundary = 'kaleido-test';
    const form = (file: string) => [`--${boundary}`, 'content-disposition: form-data; name="title"', '', 'Dune', `--${boundary}`,
      'content-disposition: form-data; name="file"; filename="a.txt"', 'content-type: text/plain', '', file, `--${boundary}--`, ''].join('\r\n');
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const sent = await app.inject({ method: 'POST', url: '/api/things/send', headers, payload: form('spice') });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ parts: ['title=Dune', 'file=spice'] });
    expect((await app.inject({ method: 'POST', url: '/api/things/send', headers, payload: form('x'.repeat(17)) })).statusCode).toBe(413);
    const elsewhere = await app.inject({ method: 'POST', url: '/api/things', headers, payload: form('spice') });
    expect(elsewhere.statusCode).toBe(415);
    expect(elsewhere.json()).toEqual({ message: 'Unsupported Media Type' });
  });
});
