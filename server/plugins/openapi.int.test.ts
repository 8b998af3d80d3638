import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/api';
import { useTestApp } from '../../tests/helpers/test-app';
import { signUp } from '../../tests/helpers/test-client';

// The published document is read by other clients: it must say how to upload, what each call
// can answer when it fails, and where the two sign-in links redirect.
type Op = { requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }>; required?: string[] } }> }; responses: Record<string, { headers?: Record<string, unknown> }> };
const t = useTestApp();
let paths: Record<string, Record<string, Op>>;
beforeAll(async () => {
  const res = await t.client().get('/api/docs/json');
  expect(res.status).toBe(200);
  paths = res.body.paths;
});

describe('/api/docs/json', () => {
  it('describes the multipart body of an upload and of an avatar', async () => {
    const upload = paths['/api/files'].post.requestBody!.content['multipart/form-data'].schema;
    expect(upload.properties.file.format).toBe('binary');
    expect(Object.keys(upload.properties)).toEqual(expect.arrayContaining(['file', 'name', 'description', 'tags', 'isPublic', 'folderId']));
    expect(upload.required).toContain('file');
    const avatar = paths['/api/user/avatar'].put.requestBody!.content['multipart/form-data'].schema;
    expect(avatar.properties.avatar.format).toBe('binary');
  });

  it('lists the error statuses each call can answer', async () => {
    const statuses = (path: string, method: string) => Object.keys(paths[path][method].responses);
    expect(statuses('/api/files', 'post')).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413', '415', '500']));
    expect(statuses('/api/files', 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '500']));
    expect(statuses('/api/files/{id}', 'get')).toEqual(expect.arrayContaining(['200', '400', '404', '500']));
    expect(statuses('/api/files/{id}', 'get')).not.toContain('401');
    expect(statuses('/api/files/{id}/like', 'post')).toEqual(expect.arrayContaining(['401', '403', '404']));
    expect(statuses('/api/login', 'post')).toEqual(expect.arrayContaining(['400', '401', '403', '429', '500']));
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(methods)) expect(Object.keys(op.responses), `${method} ${path}`).toContain('500');
    }
  });

  it('describes the bytes of content, download and the archive, and the 406 of an upload that is not multipart', async () => {
    type Bytes = { content: Record<string, { schema: { type: string; format: string } }> };
    for (const [path, type] of [['/api/files/{id}/content', '*/*'], ['/api/files/{id}/download', '*/*'], ['/api/archives/{id}/download', 'application/zip']]) {
      const ok = paths[path].get.responses['200'] as unknown as Bytes;
      expect(ok, path).toBeDefined();
      expect(ok.content[type].schema).toEqual({ type: 'string', format: 'binary' });
      expect(Object.keys(paths[path].get.responses), path).toEqual(expect.arrayContaining(['206', '404', '416']));
    }
    expect(Object.keys(paths['/api/files'].post.responses)).toContain('406');
    expect(Object.keys(paths['/api/user/avatar'].put.responses)).toContain('406');
    const member = t.client();
    await signUp(member);
    expect((await member.post('/api/files', { file: 'not a form' })).status).toBe(406);
  });

  it('describes the 302s of GET /api/login and GET /api/logout', async () => {
    for (const path of ['/api/login', '/api/logout']) {
      const found = paths[path].get.responses['302'];
      expect(found, path).toBeDefined();
      expect(found.headers).toHaveProperty('location');
    }
    expect(Object.keys(paths['/api/logout'].get.responses)).toContain('403');
  });

  it('documents the search count\'s optional capped flag', async () => {
    const ok = paths['/api/files/search/count'].get.responses['200'] as unknown as { content: Record<string, { schema: { properties: Record<string, { type?: string; description?: string }>; required?: string[] } }> };
    const schema = ok.content['application/json'].schema;
    expect(schema.properties.capped.type).toBe('boolean');
    expect(schema.properties.capped.description).toMatch(/1000 files/);
    expect(schema.required ?? []).not.toContain('capped');
  });

  it('publishes every entry of the endpoint table, served at its method and path', async () => {
    for (const [name, e] of Object.entries(endpoints)) {
      expect(t.app.hasRoute({ method: e.method, url: e.path }), name).toBe(true);
      if ('hidden' in e && e.hidden) continue;
      const openApiPath = e.path.replace(/:(\w+)/g, '{$1}');
      expect(paths[openApiPath]?.[e.method.toLowerCase()], name).toMatchObject({ operationId: name });
    }
  });
});
