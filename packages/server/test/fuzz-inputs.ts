/**
 * Malformed inputs for every operation of the API, derived from its OpenAPI description: the
 * fuzz suite (src/platform/fuzz.api.test.ts) sends each of them and expects no 5xx.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minLength?: number;
}

export interface Operation {
  method: string;
  /** Fastify form, /api/user/:id. */
  url: string;
  isPublic: boolean;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
  documented: boolean;
}

export interface Variant {
  kind: string;
  url: string;
  payload?: string;
  contentType?: string;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** Every route of the app, with what the OpenAPI document says of its inputs (hidden ones too). */
export function operations(
  doc: { paths: Record<string, Record<string, OpenApiOperation>> },
  routes: { method: string; url: string; access?: { public?: boolean } }[],
): Operation[] {
  return routes.map((r) => {
    const openApiPath = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const op = doc.paths[openApiPath]?.[r.method.toLowerCase()];
    const params = op?.parameters ?? [];
    return {
      method: r.method,
      url: r.url,
      isPublic: !!r.access?.public,
      pathParams: [...r.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]),
      query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
      body: op?.requestBody?.content?.['application/json']?.schema ?? null,
      documented: !!op,
    };
  });
}

const first = (s: JsonSchema): JsonSchema => {
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return first(alt.find((a) => a.type !== 'null') ?? alt[0]);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map(first)) as JsonSchema;
  return s;
};
const typeOf = (s: JsonSchema) => [first(s).type ?? 'string'].flat().find((t) => t !== 'null') ?? 'string';

/** A plausible value of the schema that names nothing existing (ids far past any row). */
export function skeleton(schema: JsonSchema, depth = 0): unknown {
  const s = first(schema);
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 0, 987654);
    case 'boolean':
      return false;
    case 'array':
      return depth > 4 || !s.items ? [] : [skeleton(s.items, depth + 1)];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = skeleton(v, depth + 1);
      return out;
    }
    default:
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.format === 'date-time') return '2026-11-20T00:00:00.000Z';
      if (s.format === 'date') return '2026-11-20';
      if (s.format === 'uri') return 'https://example.test/';
      return 'fuzz'.padEnd(Math.max(4, s.minLength ?? 0), 'z');
  }
}

/** `depth` levels of objects around a value, built without recursion. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
}
/** The same as raw JSON text (JSON.stringify would recurse 5,000 deep). */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const MB = 1024 * 1024;
/** Values of the wrong shape for a field of the given schema, by kind. */
export function badValues(schema: JsonSchema): [string, unknown][] {
  const t = typeOf(schema);
  const wrongType: unknown = t === 'string' ? 12345 : t === 'array' ? 'not-a-list' : t === 'object' ? [1] : 'abc';
  return [
    ['wrong type', wrongType],
    ['NUL byte', 'a\u0000b'],
    ['huge number', t === 'string' ? '99999999999999999999999' : 1e308],
    ['max safe integer', Number.MAX_SAFE_INTEGER],
    ['negative number', t === 'string' ? '-1' : -1],
    ['fraction', 1.5],
    ['long string', 'x'.repeat(100_000)],
    ['null', null],
    ['nested object', nested(50)],
    ['lone surrogate', 'a\uD800b'],
    ['array of wrong items', t === 'array' ? [null, {}, 'a\u0000', -1] : [1, 2]],
  ];
}

const PATH_VALUES: [string, string][] = [
  ['small id', '1'],
  ['not a number', 'abc'],
  ['huge number', '99999999999999999999'],
  ['negative number', '-1'],
  ['int4 overflow', '2147483648'],
  ['encoded NUL', 'a%00b'],
];

const QUERY_VALUES: [string, string][] = [
  ['not a number', 'abc'],
  ['huge number', '99999999999999999999'],
  ['negative number', '-1'],
  ['encoded NUL', 'a%00b'],
  ['long string', 'q'.repeat(10_000)],
  ['repeated key', '1&{k}=2'],
  ['bad date', '2026-13-45T99:99'],
];

const fill = (url: string, params: string[], value: string) => params.reduce((u, p) => u.replace(`:${p}`, value), url);

/**
 * The variants of one operation. `rich` picks more of each list (the admin and the platform root
 * reach the handlers); `seed` rotates which kinds each field gets so personas cover different ones.
 */
export function variants(op: Operation, rich: boolean, seed: number): Variant[] {
  const out: Variant[] = [];
  const base = fill(op.url, op.pathParams, '1');
  const pick = <T>(list: T[], n: number, offset: number) =>
    Array.from({ length: Math.min(n, list.length) }, (_, i) => list[(offset + i) % list.length]);
  const hasBody = !['GET', 'DELETE', 'HEAD'].includes(op.method) || op.body !== null;
  const body = op.body ? skeleton(op.body) : {};
  const json = (v: unknown) => JSON.stringify(v);

  if (op.pathParams.length)
    for (const [kind, value] of pick(PATH_VALUES, rich ? PATH_VALUES.length : 3, seed))
      out.push({
        kind: `path ${kind}`,
        url: fill(op.url, op.pathParams, value),
        payload: hasBody ? json(body) : undefined,
      });

  op.query.forEach((q, i) => {
    for (const [kind, value] of pick(QUERY_VALUES, rich ? 3 : 1, seed + i)) {
      const v = value.replace('{k}', encodeURIComponent(q.name));
      out.push({ kind: `query ${q.name}: ${kind}`, url: `${base}?${encodeURIComponent(q.name)}=${v}` });
    }
  });
  // Every operation, also one that takes nothing, gets parameters it does not expect.
  out.push({ kind: 'query unexpected fields', url: `${base}?Extra=x&Page=-1&Size=abc&id=1e400` });
  if (rich) out.push({ kind: 'query NUL in an unexpected field', url: `${base}?Extra=a%00b` });
  if (op.query.length) {
    const all = op.query.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(String(skeleton(q.schema)))}`);
    out.push({ kind: 'query all plausible', url: `${base}?${all.join('&')}` });
  }

  if (!hasBody) return out;
  const whole: Variant[] = [
    { kind: 'body plausible', url: base, payload: json(body) },
    { kind: 'body missing fields', url: base, payload: '{}' },
    { kind: 'body extra fields', url: base, payload: json({ ...(body as object), Extra: 'x', constructor: 1 }) },
    { kind: 'body broken JSON', url: base, payload: '{"a": [1, 2' },
    { kind: 'body wrong content type', url: base, payload: 'a=1&b=2', contentType: 'text/plain' },
    { kind: 'body array', url: base, payload: '[1,"a",null]' },
    { kind: 'body null', url: base, payload: 'null' },
    { kind: 'body deep nesting', url: base, payload: nestedJson(5000) },
    { kind: 'body 1 MB string', url: base, payload: json({ a: 'x'.repeat(MB - 64) }) },
    { kind: 'body over the limit', url: base, payload: json({ a: 'x'.repeat(MB + 16) }) },
    { kind: 'body NUL key', url: base, payload: '{"a\\u0000":1}' },
  ];
  out.push(...pick(whole, rich ? whole.length : 4, seed));

  const fields = Object.entries(first(op.body ?? {}).properties ?? {});
  fields.forEach(([name, schema], i) => {
    for (const [kind, value] of pick(badValues(schema), rich ? 4 : 1, seed * 3 + i))
      out.push({ kind: `field ${name}: ${kind}`, url: base, payload: json({ ...(body as object), [name]: value }) });
  });
  return out;
}
