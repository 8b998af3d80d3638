import fc from 'fast-check';

// zod-fast-check does not support zod 4, so the fuzz test maps the JSON Schema that zod 4
// emits (the OpenAPI document at /api/docs/json) to fast-check arbitraries. Only what our
// contract produces is handled; anything else becomes "any JSON value".

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Values an attacker sends instead of the expected one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.constantFrom('\u0000', '\u0007bell', 'a\u001bb', '\u202eevil', '\uffff', '\ud800', "'; drop table users; --", '../../etc/passwd', '%00', '{"a":1}'),
  fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.oneof(fc.integer(), fc.double(), fc.constant(2 ** 53), fc.constant(-1), fc.constant(1e308)),
  fc.constantFrom(null, true, false, [], {}, [null], { __proto__: { admin: true } }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A value of the shape `schema` describes; with `hostile`, any part may be a hostile value instead. */
export function arbitraryFor(schema: JsonSchema | undefined, hostile = false): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema ?? {}, hostile);
  return hostile ? fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: hostileValue, weight: 1 }) : shaped;
}

function shapedFor(s: JsonSchema, hostile: boolean): fc.Arbitrary<unknown> {
  const inner = (x: JsonSchema | undefined) => arbitraryFor(x, hostile);
  if (s.anyOf || s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map(inner));
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  let arb: fc.Arbitrary<unknown>;
  switch (type) {
    case 'string':
      arb = stringFor(s);
      break;
    case 'integer':
    case 'number': {
      const min = (s.minimum ?? -1_000_000) + (s.exclusiveMinimum === true ? 1 : 0);
      const max = (s.maximum ?? 1_000_000) - (s.exclusiveMaximum === true ? 1 : 0);
      arb = type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
      break;
    }
    case 'boolean':
      arb = fc.boolean();
      break;
    case 'array':
      arb = fc.array(inner(s.items), { maxLength: Math.min(s.maxItems ?? 5, 5) });
      break;
    case 'object': {
      const props = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, inner(v)]));
      arb = fc.record(props, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
      break;
    }
    default:
      arb = fc.jsonValue({ maxDepth: 2 });
  }
  return s.nullable ? fc.option(arb, { nil: null }) : arb;
}

function stringFor(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'email') return fc.emailAddress();
  // The most specific pattern: the last of an allOf (ours come after the control-character rule).
  const pattern = s.allOf?.map((x) => x.pattern).filter(Boolean).pop() ?? s.pattern;
  const maxLength = Math.min(s.maxLength ?? 60, 60);
  const minLength = Math.min(s.minLength ?? 0, maxLength);
  if (pattern && !/\\u0000/.test(pattern)) {
    return fc.stringMatching(new RegExp(pattern)).filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter((v) => !/[\u0000-\u001f\u007f-\u009f]/.test(v));
}

/** Every string field of a JSON Schema object, as a path of keys (`[tags, 0]` for an array of strings). */
export function stringPaths(s: JsonSchema | undefined, prefix: (string | number)[] = []): (string | number)[][] {
  if (!s) return [];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'string' && !s.enum) return [prefix];
  if (type === 'array') return stringPaths(s.items, [...prefix, 0]);
  if (type === 'object') return Object.entries(s.properties ?? {}).flatMap(([k, v]) => stringPaths(v, [...prefix, k]));
  if (s.anyOf) return stringPaths(s.anyOf.find((x) => x.type === 'string' && !x.enum), prefix);
  return [];
}
