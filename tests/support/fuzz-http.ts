import fc from 'fast-check';
import { graphqlCases, type GraphQLCase, type OperationName } from './fuzz-cases';

/** One raw HTTP request to the GraphQL endpoint. */
export interface HttpCase {
  label: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Query string for GET, without the `?`. */
  search?: string;
  /** Sent as ADMIN, so mutations get past authentication into input validation. */
  admin?: boolean;
}

const envelope = (c: GraphQLCase) => ({ query: c.query, variables: c.variables, operationName: c.operationName });
const post = (label: string, body: string | Uint8Array, contentType?: string, extra: Record<string, string> = {}): HttpCase =>
  ({ label, method: 'POST', headers: { ...(contentType === undefined ? {} : { 'content-type': contentType }), ...extra }, body });

const HTTP_OPERATIONS: OperationName[] = ['search', 'ask', 'ingest', 'section', 'graph', 'documents'];

/** A malformed operation in a well-formed JSON POST, sometimes as ADMIN. */
const operation: fc.Arbitrary<HttpCase> = fc.tuple(graphqlCases(HTTP_OPERATIONS), fc.boolean())
  .map(([c, admin]) => ({ ...post(c.label, JSON.stringify(envelope(c)), 'application/json'), admin }));

const validBody = JSON.stringify({ query: '{ health { status } }' });

/** Bodies that are not JSON, or not a GraphQL request, under a JSON content type. */
const badBody: fc.Arbitrary<HttpCase> = fc.oneof(
  fc.string({ maxLength: 300 }).map((s) => post('non-json', s, 'application/json')),
  fc.uint8Array({ maxLength: 300 }).map((b) => post('random-bytes', b, 'application/json')),
  fc.nat({ max: validBody.length - 1 }).map((n) => post('truncated-json', validBody.slice(0, n), 'application/json')),
  fc.constantFrom('1', '"x"', 'null', 'true', '[]', '{}', '[1]', '[{}]', '{"query":null}', '{"query":123}', '{"query":["{ health { status } }"]}',
    '{"query":"{ health { status } }","variables":"{}"}', '{"query":"{ health { status } }","variables":[1]}', '{"query":"{ health { status } }","operationName":{}}',
    '{"query":"{ health { status } }","extensions":"x"}', '{"__proto__":{"query":"{ health { status } }"}}', `{"a":${'['.repeat(100000)}${']'.repeat(100000)}}`,
    `{"query":"{ health { status } }","variables":${'{"a":'.repeat(50000)}1${'}'.repeat(50000)}}`)
    .map((s) => post('odd-json', s, 'application/json')),
  fc.jsonValue({ maxDepth: 4 }).map((v) => post('json-value', JSON.stringify(v), 'application/json')),
  fc.tuple(fc.nat({ max: 3 }), fc.stringMatching(/^[0-9a-f]{0,64}$/), fc.boolean()).map(([version, sha256Hash, withQuery]) =>
    post('persisted-query', JSON.stringify({ ...(withQuery ? { query: '{ health { status } }' } : {}), extensions: { persistedQuery: { version, sha256Hash } } }), 'application/json')),
);

/** The right body under the wrong content type, charset or encoding. */
const badHeaders: fc.Arbitrary<HttpCase> = fc.oneof(
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql', 'application/xml',
    'application/json; charset=latin1', 'application/json; charset=utf-16', 'application/json; charset=bogus', 'application/graphql-response+json', '*/*',
    'application/json, text/plain', ';;;', 'application/json; boundary')
    .map((type) => post(`content-type ${type}`, validBody, type)),
  fc.constant(post('no-content-type', new TextEncoder().encode(validBody))),
  fc.tuple(fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'identity, gzip', 'bogus'), fc.uint8Array({ maxLength: 64 }))
    .map(([encoding, bytes]) => post(`content-encoding ${encoding}`, bytes, 'application/json', { 'content-encoding': encoding })),
  fc.constantFrom('PUT', 'PATCH', 'DELETE', 'OPTIONS').map((method) => ({ label: `method ${method}`, method, headers: { 'content-type': 'application/json' }, body: validBody })),
);

/** Batches (arrays of operations), refused unless GRAPHQL_ALLOW_BATCHING. */
const batch: fc.Arbitrary<HttpCase> = fc.array(graphqlCases(['search', 'section']), { maxLength: 20 })
  .map((cases) => post('batch', JSON.stringify(cases.map(envelope)), 'application/json'));

/** encodeURIComponent refuses lone surrogates (a cut can leave one): they become U+FFFD first. */
const uri = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** GET requests with malformed query strings. */
const get: fc.Arbitrary<HttpCase> = fc.tuple(graphqlCases(['search', 'section', 'documents']), fc.string({ maxLength: 40 }), fc.boolean()).map(([c, junk, preflight]) => ({
  label: `get:${c.label}`,
  method: 'GET',
  headers: { accept: 'application/json', ...(preflight ? { 'apollo-require-preflight': 'true' } : {}) },
  // Short enough to stay under Node's 16 KB header limit, which Node itself answers (431) before any of our code.
  search: [`query=${uri(c.query.slice(0, 4000))}`, c.variables === undefined ? uri(junk) : `variables=${uri(JSON.stringify(c.variables).slice(0, 1500))}`,
    `operationName=${uri(junk)}`, 'extensions=%7B', '%E0%A4%A=bad-escape', 'x=%ED%A0%80%FF'].join('&'),
}));

export const httpCases: fc.Arbitrary<HttpCase> = fc.oneof(
  { arbitrary: operation, weight: 12 },
  { arbitrary: badBody, weight: 4 },
  { arbitrary: badHeaders, weight: 2 },
  { arbitrary: batch, weight: 1 },
  { arbitrary: get, weight: 2 },
);

export interface HttpAnswer { status: number; contentType: string; text: string }

/** Sends one case; the request text is returned too, so echoes of it are not mistaken for leaks. */
export async function sendHttp(url: string, c: HttpCase, adminToken: string): Promise<HttpAnswer> {
  const headers = { ...c.headers, ...(c.admin ? { authorization: `Bearer ${adminToken}` } : {}) };
  const res = await fetch(c.search === undefined ? url : `${url}?${c.search}`, { method: c.method, headers, body: c.body });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

export const requestText = (c: HttpCase) =>
  `${c.search ? decodeURIComponentSafe(c.search) : ''}${typeof c.body === 'string' ? c.body : c.body ? Buffer.from(c.body).toString('utf8') : ''}`;

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
