import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlCharsMessage } from '../contract/common';
import * as samples from '../tests/helpers/media-samples';
import { arbitraryFor, stringPaths, type JsonSchema } from '../tests/helpers/json-schema-arbitrary';
import { useTestApp } from '../tests/helpers/test-app';
import { signUp, type TestClient } from '../tests/helpers/test-client';
import { jobsSettled } from '../tests/helpers/wait';
import { upload } from '../tests/helpers/upload';

// Every route of the OpenAPI document (so a new route is covered without touching this file),
// fuzzed from its own schema: valid-shaped and hostile values, as a member and as a visitor.
// No answer may be a 5xx, and a refused request (4xx) may change no row of any table.

type Param = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Operation = { method: string; path: string; params: Param[]; body?: JsonSchema };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Ending the member's session would turn the rest of the run into a visitor's. */
const MEMBER_SKIPS = new Set(['get /api/logout', 'post /api/logout']);
/**
 * Routes whose accepted request starts a job that writes later (a member's data archive inserts
 * its notification when built): wait for that job, or its row lands in the next check's counts.
 */
const SETTLE: Record<string, (member: TestClient) => Promise<void>> = {
  'post /api/user/archive': async (c) => {
    for (let i = 0; i < 200 && (await c.get('/api/user/archive')).body?.archive?.status === 'pending'; i++) await new Promise((r) => setTimeout(r, 100));
  },
};
const TIME_BUDGET_MS = 40_000;
const MIN_PER_ROUTE_MS = 1000;

const t = useTestApp({ AUTH_RATE_LIMIT: '100000' });
let member: TestClient;
let fileId: number;
let operations: Operation[];
let countAll: () => Promise<Record<string, number>>;

beforeAll(async () => {
  member = t.client();
  await signUp(member);
  fileId = (await upload(member, await samples.pngWithAlpha(20, 20), 'f.png', {}, 'image/png')).body.id;
  // Its analysis and fingerprint write their rows later: done before the first route is counted.
  await jobsSettled(t.database, ['file.uploaded', 'file.rendition', 'fingerprints.missing'], 60_000);

  const doc = (await t.client().get('/api/docs/json')).body as { paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, params: op.parameters ?? [], body: op.requestBody?.content?.['application/json']?.schema })),
  );

  const tables = (await t.database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)) as unknown as {
    rows: { table_name: string }[];
  };
  const names = tables.rows.map((r) => r.table_name);
  const query = sql.raw(`select ${names.map((n) => `(select count(*)::int from "${n}") as "${n}"`).join(', ')}`);
  countAll = async () => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, number>[] }).rows[0];
}, 120_000);

type Sent = { status: number; text: string };

/** Sends one request: params filled in, and the body as JSON or as raw (possibly broken) text. */
async function send(op: Operation, values: { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown; raw?: string }, asMember: boolean): Promise<Sent> {
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(asText(values.path[name] ?? '').replace(/[\uD800-\uDFFF]/gu, '\uFFFD')));
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(values.query)) if (v !== undefined) qs.set(k, asText(v));
  if ([...qs].length) url += `?${qs}`;
  const headers: Record<string, string> = { origin: t.url };
  if (asMember) headers.cookie = member.cookieHeader;
  let body: string | undefined;
  if (values.raw !== undefined || values.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = values.raw ?? JSON.stringify(values.body);
  }
  const res = await fetch(t.url + url, { method: op.method.toUpperCase(), headers, body, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

function valuesArbitrary(op: Operation, hostile: boolean) {
  const group = (where: Param['in']) =>
    fc.record(
      Object.fromEntries(
        op.params
          .filter((p) => p.in === where)
          .map((p) => [p.name, p.name === 'id' && !hostile ? fc.oneof(fc.constant(fileId), arbitraryFor(p.schema)) : arbitraryFor(p.schema, hostile)]),
      ),
      { requiredKeys: op.params.filter((p) => p.in === where && (p.required || where === 'path')).map((p) => p.name) },
    );
  const body = op.body ? arbitraryFor(op.body, hostile) : fc.constant(undefined);
  // Broken JSON too: cut short, or not JSON at all.
  const raw = hostile && op.method !== 'get'
    ? fc.option(fc.oneof(body.map((b) => JSON.stringify(b ?? {}) ?? '').chain((s) => fc.nat({ max: Math.max(0, s.length - 1) }).map((n) => s.slice(0, n))), fc.constantFrom('{', 'nul', '[1,', '"\\u0000"', '{"a":"\\ud800"}')), { nil: undefined })
    : fc.constant(undefined);
  return fc.record({ path: group('path'), query: group('query'), body, raw });
}

describe('every JSON route from its schema', () => {
  it('answers no 5xx, and a refused request changes no table', async () => {
    expect(operations.length).toBeGreaterThan(20);
    // At least one run per route however many routes there are (fast-check fails a property
    // interrupted before its first run).
    const perRoute = Math.max(MIN_PER_ROUTE_MS, Math.floor(TIME_BUDGET_MS / operations.length));
    const failures: string[] = [];
    for (const op of operations) {
      // When the time limit interrupts a run, fast-check stops waiting but the request goes on:
      // the next route's "before" counts must wait for it, or its write lands between them.
      let inFlight: Promise<unknown> = Promise.resolve();
      const property = fc.asyncProperty(valuesArbitrary(op, true), fc.boolean(), (values, asMember) => {
        const run = checkOne(op, values, asMember);
        inFlight = run.catch(() => undefined);
        return run;
      });
      // A failing run is named in `failures` (fast-check's own error shows only the values).
      await fc.assert(property, { numRuns: 25, interruptAfterTimeLimit: perRoute, markInterruptAsFailure: false, endOnFailure: true }).catch((error: Error) => {
        if (!failures.length) throw error;
      });
      await inFlight;
    }
    expect(failures).toEqual([]);

    async function checkOne(op: Operation, values: Parameters<typeof send>[1], asMember: boolean): Promise<void> {
      if (asMember && MEMBER_SKIPS.has(`${op.method} ${op.path}`)) return;
      // An earlier accepted write (a like) is told by its event's handler, and an earlier read of a
      // file counted a view that waits in memory for its flush: let both land first.
      await t.app.views.flush();
      await jobsSettled(t.database);
      const before = await countAll();
      const res = await send(op, values, asMember);
      // oEmbed answers a format it cannot give with 501, as its specification says (section 2.3.4).
      if (res.status === 501 && op.method === 'get' && op.path === '/api/oembed') return;
      if (res.status >= 500) failures.push(`${op.method.toUpperCase()} ${op.path} → ${res.status} ${res.text.slice(0, 120)} for ${JSON.stringify(values).slice(0, 300)}`);
      expect(res.status).toBeLessThan(500);
      if (asMember && res.status < 300) await SETTLE[`${op.method} ${op.path}`]?.(member);
      if (res.status < 400) return;
      const after = await countAll();
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length) failures.push(`${op.method.toUpperCase()} ${op.path} → ${res.status} changed ${changed.map((n) => `${n} ${before[n]}→${after[n]}`).join(', ')}`);
      expect(after, `${op.method} ${op.path} ${res.status}`).toEqual(before);
    }
  }, 240_000);

  it('a NUL in any text field, parameter or query value answers 400 and changes nothing', async () => {
    let checked = 0;
    for (const op of operations) {
      const targets: { where: 'path' | 'query' | 'body'; key: (string | number)[] }[] = [
        ...op.params.filter((p) => (p.in === 'path' || p.in === 'query') && p.schema.type === 'string' && !p.schema.enum).map((p) => ({ where: p.in as 'path' | 'query', key: [p.name] })),
        ...stringPaths(op.body).map((key) => ({ where: 'body' as const, key })),
      ];
      for (const target of targets) {
        const [values] = fc.sample(valuesArbitrary(op, false), { numRuns: 1, seed: 42 });
        const v = values as { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown };
        if (target.where === 'body') setPath(v as { body: unknown }, ['body', ...target.key], 'abc\u0000def');
        else v[target.where][target.key[0] as string] = 'abc\u0000def';
        await jobsSettled(t.database);
        const before = await countAll();
        const res = await send(op, v, !MEMBER_SKIPS.has(`${op.method} ${op.path}`));
        expect(res.status, `${op.method} ${op.path} ${target.key.join('.')}: ${res.text}`).toBe(400);
        expect(res.text).toContain(controlCharsMessage);
        expect(await countAll()).toEqual(before);
        checked += 1;
      }
    }
    // register alone has six text fields; the count guards against the walk silently finding none.
    expect(checked).toBeGreaterThan(20);
  }, 120_000);
});

function setPath(root: Record<string, unknown>, keys: (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (let i = 0; i < keys.length - 1; i++) {
    const next = keys[i + 1];
    if (node[keys[i]] === null || typeof node[keys[i]] !== 'object') node[keys[i]] = typeof next === 'number' ? [] : {};
    node = node[keys[i]] as Record<string | number, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}

/** A parameter as the URL carries it; objects (even without a prototype) as their JSON. */
function asText(v: unknown): string {
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}
