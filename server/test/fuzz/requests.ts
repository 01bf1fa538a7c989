import fc from 'fast-check';
import { encodeURIComponentLoose, hostileSegment } from './hostile.ts';
import { hostileMultipart } from './hostile-files.ts';
import { textOf, valueOf, type JsonSchema, type KnownValues } from './schema-arbitrary.ts';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One path + method of the OpenAPI document, as the fuzzer needs it. */
export interface FuzzOperation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI template, e.g. `/api/lists/list/{key}/` */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
  /** the route takes a multipart file upload (photos): it also gets hostile files */
  multipart: boolean;
}

/** Who sends it: the signed-in user (with CSRF), nobody (with CSRF), nobody without CSRF. */
export type Actor = 'user' | 'anonymous' | 'no-csrf';

export interface FuzzRequest {
  actor: Actor;
  method: FuzzOperation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as FuzzOperation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: Boolean(operation.requestBody?.content?.['multipart/form-data']),
      });
    }
  }
  return operations;
}

const RAW_QUERY_TAILS = [
  '%',
  '%zz',
  '%E0%A4%A',
  'a=%00',
  '&&&',
  '=',
  '==x',
  'a[b]=1',
  '__proto__=x',
  'constructor[prototype][x]=1',
  `x=${'y'.repeat(100_000)}`,
  '%ED%A0%80=1',
  'search',
];

function pathArbitrary(operation: FuzzOperation, known: KnownValues): fc.Arbitrary<string> {
  const segments = operation.pathParams.map((p) =>
    fc.oneof(
      {
        arbitrary: textOf(p.schema ?? { type: 'string' }, p.name, known).map(
          encodeURIComponentLoose,
        ),
        weight: 4,
      },
      { arbitrary: hostileSegment, weight: 1 },
    ),
  );
  return fc.tuple(...segments).map((values) => {
    let path = operation.path;
    operation.pathParams.forEach((p, i) => {
      path = path.replace(`{${p.name}}`, values[i] || 'x');
    });
    return path;
  });
}

function queryArbitrary(operation: FuzzOperation, known: KnownValues): fc.Arbitrary<string> {
  const pairs = operation.queryParams.map((p) => {
    const value = textOf(p.schema ?? { type: 'string' }, p.name, known);
    const key = encodeURIComponent(p.name);
    return fc.oneof(
      { arbitrary: value.map((v) => [`${key}=${encodeURIComponentLoose(v)}`]), weight: 6 },
      { arbitrary: fc.constant([] as string[]), weight: 2 },
      // the same key twice: an array where a string belongs
      {
        arbitrary: fc
          .tuple(value, value)
          .map(([a, b]) => [
            `${key}=${encodeURIComponentLoose(a)}`,
            `${key}=${encodeURIComponentLoose(b)}`,
          ]),
        weight: 1,
      },
      { arbitrary: fc.constant([key]), weight: 1 },
    );
  });
  const tail = fc.option(fc.constantFrom(...RAW_QUERY_TAILS), { freq: 6 });
  return fc.tuple(fc.tuple(...pairs), tail).map(([groups, extra]) => {
    const parts = [...groups.flat(), ...(extra ? [extra] : [])];
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

const MALFORMED_BODIES = [
  '{',
  '{"a":',
  '[',
  'null',
  '[]',
  '"x"',
  '1',
  'true',
  '{"a":"\\ud800"}',
  '{"name":"\\u0000"}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\ufeff{}',
  '['.repeat(100_000),
  '{"a":1,"a":2}',
];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json-patch+json',
  'application/vnd.api+json',
  '',
];

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

function bodyArbitrary(operation: FuzzOperation, known: KnownValues): fc.Arbitrary<Body> {
  if (operation.method === 'GET') return fc.constant({});
  const json = (operation.body ? valueOf(operation.body, '', known) : fc.constant({})).map(
    (value): Body => ({
      payload: JSON.stringify(value) ?? 'null',
      contentType: 'application/json',
    }),
  );
  return fc.oneof(
    { arbitrary: json, weight: operation.body ? 12 : 2 },
    {
      arbitrary: fc
        .constantFrom(...MALFORMED_BODIES)
        .map((payload) => ({ payload, contentType: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...OTHER_TYPES), fc.constantFrom('a=1', '{"name":"x"}', '<x/>', ''))
        .map(([contentType, payload]) => ({ payload, contentType })),
      weight: 1,
    },
    { arbitrary: fc.constant({}), weight: operation.body ? 1 : 4 },
    ...(operation.multipart ? [{ arbitrary: hostileMultipart, weight: 24 }] : []),
  );
}

/** Requests for one operation: mostly plausible, often hostile, from all three actors. */
export function requestArbitrary(
  operation: FuzzOperation,
  known: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      actor: fc.constantFrom<Actor>('user', 'user', 'user', 'anonymous', 'no-csrf'),
      path: pathArbitrary(operation, known),
      query: queryArbitrary(operation, known),
      body: bodyArbitrary(operation, known),
    })
    .map(({ actor, path, query, body }): FuzzRequest => ({
      actor,
      method: operation.method,
      url: `${path}${query}`,
      headers: body.contentType ? { 'content-type': body.contentType } : {},
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }));
}
