import WebSocket from 'ws';
import { getSchema } from '../../src/graphql/schema';
import { parse } from 'graphql';
import { operationCost } from '../../src/server/query-cost';
import { startTestServer, type TestServer } from '../support/server';
import { outcomeErrors, wsCall } from '../support/ws-call';

/** Tight limits, so each one is easy to cross; production, so introspection is off and errors are masked. */
const ENV = {
  NODE_ENV: 'production', JWT_SECRET: 'limits-test-secret-0123456789abcdef0123', RERANKER_MODEL: 'none',
  GRAPHQL_MAX_DEPTH: '6', GRAPHQL_MAX_ALIASES: '3', GRAPHQL_MAX_DIRECTIVES: '5', GRAPHQL_MAX_TOKENS: '400',
  GRAPHQL_MAX_COST: '200', GRAPHQL_MAX_QUERY_BYTES: '3000', REQUEST_MAX_BYTES: '65536',
};

// Selection costing 9 per hit: search with topK 20 costs 10 + 20 × 10 = 210 (> 200), with topK 3 only 40.
const RICH = 'analysis { references { id } } expansion { sections { id } terms { term } } hits { document { id } scores { dense } } stages { name }';
const SEARCH_K = (k: number) => `{ search(input: { query: "theft of a tempo", topK: ${k} }) { ${RICH} } }`;
const SEARCH_VAR = `query($k: Int) { search(input: { query: "theft of a tempo", topK: $k }) { ${RICH} } }`;
const DEEP = '{ section(code: IPC, number: "302") { equivalents { section { equivalents { section { equivalents { section { id } } } } } } } }';
const ALIASES = '{ a: health { status } b: health { status } c: health { status } d: health { status } }';
const DIRECTIVES = '{ health @include(if: true) { status @include(if: true) components @include(if: true) '
  + '{ name @include(if: true) kind @include(if: true) status @include(if: true) } } }';
const TOKENS = `{ ${'x '.repeat(450)}}`;
const LONG = `{ health { status } }\n${'#'.repeat(3100)}`;
const TWO_ASKS = '{ a: ask(input: { query: "theft", topK: 5 }) { text citations { n } } b: ask(input: { query: "theft", topK: 5 }) { text citations { n } } }';
const TWO_SEARCHES = '{ a: search(input: { query: "theft", topK: 5 }) { hits { citation } } b: search(input: { query: "theft", topK: 5 }) { hits { citation } } }';

type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;
const codes = (errors: Errors | readonly { extensions?: Record<string, unknown> }[]) => (errors ?? []).map((e) => e.extensions?.code);

describe('request limits over HTTP and WebSocket (production)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', ENV);
  });
  afterAll(() => t.close());

  /** The same operation over both transports: the codes and messages of the errors each returned. */
  async function both(query: string, variables?: Record<string, unknown>) {
    const http = await t.gql(query, variables, { authorization: '' });
    const ws = await wsCall(t.ws({}), { query, variables });
    return { http, httpErrors: http.body.errors ?? [], wsErrors: outcomeErrors(ws), ws };
  }

  const refusedBoth = async (query: string, code: string, pattern: RegExp, variables?: Record<string, unknown>) => {
    const r = await both(query, variables);
    expect(r.http.status).toBe(400);
    expect(codes(r.httpErrors)).toEqual([code]);
    expect(r.httpErrors[0].message).toMatch(pattern);
    expect(r.ws.kind).toBe('error');
    expect(codes(r.wsErrors)).toEqual([code]);
    expect(r.wsErrors[0].message).toMatch(pattern);
  };

  it('limits depth', () => refusedBoth(DEEP, 'QUERY_TOO_COMPLEX', /depth limit of 6 exceeded, found 8 \(GRAPHQL_MAX_DEPTH\)/));
  it('limits aliases', () => refusedBoth(ALIASES, 'QUERY_TOO_COMPLEX', /Aliases limit of 3 exceeded, found 4 \(GRAPHQL_MAX_ALIASES\)/));
  it('limits directives', () => refusedBoth(DIRECTIVES, 'QUERY_TOO_COMPLEX', /Directives limit of 5 exceeded, found 6 \(GRAPHQL_MAX_DIRECTIVES\)/));
  it('limits tokens before parsing', () => refusedBoth(TOKENS, 'QUERY_TOO_COMPLEX', /more than 400 tokens \(GRAPHQL_MAX_TOKENS\)/));
  it('limits the document length', () => refusedBoth(LONG, 'QUERY_TOO_LARGE', /is 3\d{3} bytes; the limit is 3000 \(GRAPHQL_MAX_QUERY_BYTES\)/));

  it('checks every document of a GET request, a repeated parameter too', async () => {
    // Apollo runs the first value; a check of a single string would have skipped the array.
    const url = `${t.server.url}?query=${encodeURIComponent(TOKENS)}&query=${encodeURIComponent('{ __typename }')}`;
    const res = await fetch(url, { headers: { accept: 'application/json', 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(400);
    expect(codes(((await res.json()) as { errors: Errors }).errors)).toEqual(['QUERY_TOO_COMPLEX']);
  });

  it('charges search by k, from literals and from variables', async () => {
    await refusedBoth(SEARCH_K(20), 'QUERY_TOO_COMPLEX', /Query cost 210 is over the limit of 200 \(GRAPHQL_MAX_COST\)/);
    await refusedBoth(SEARCH_VAR, 'QUERY_TOO_COMPLEX', /Query cost 210 is over the limit of 200/, { k: 20 });
    for (const [query, variables] of [[SEARCH_K(3), undefined], [SEARCH_VAR, { k: 3 }]] as const) {
      const r = await both(query, variables);
      expect(r.httpErrors).toEqual([]);
      expect(r.http.status).toBe(200);
      expect(r.ws.kind).toBe('complete');
      expect(r.wsErrors).toEqual([]);
    }
  });

  it('charges ask far more than search', async () => {
    await refusedBoth(TWO_ASKS, 'QUERY_TOO_COMPLEX', /Query cost 220 is over the limit of 200/);
    const r = await both(TWO_SEARCHES);
    expect(r.httpErrors).toEqual([]);
    expect(r.wsErrors).toEqual([]);
  });

  it('keeps k and traversal depth within their bounds as input errors', async () => {
    const r = await both('{ search(input: { query: "theft", topK: 1000 }) { hits { citation } } }');
    expect(codes(r.httpErrors)).toEqual(['BAD_USER_INPUT']);
    expect(codes(r.wsErrors)).toEqual(['BAD_USER_INPUT']);
    const g = await both('{ caseSectionGraph(start: { ids: ["IPC:302"], depth: 5 }) { nodes { id } } }');
    expect(codes(g.httpErrors)).toEqual(['BAD_USER_INPUT']);
    expect(codes(g.wsErrors)).toEqual(['BAD_USER_INPUT']);
  });

  it('turns introspection and schema suggestions off in production on both transports', async () => {
    for (const query of ['{ __schema { types { name } } }', '{ __type(name: "Query") { fields { name } } }']) {
      const r = await both(query);
      expect(r.http.status).toBe(400);
      expect(codes(r.httpErrors)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect(r.httpErrors[0].message).toMatch(/introspection/i);
      // graphql's rule flags every introspection field (__schema, then types); Apollo's only the first.
      expect(new Set(codes(r.wsErrors))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
      expect(r.wsErrors[0].message).toMatch(/introspection/i);
    }
    const typo = await both('{ healt { status } }');
    expect(codes(typo.httpErrors)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(codes(typo.wsErrors)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    for (const e of [...typo.httpErrors, ...typo.wsErrors]) expect(e.message).not.toMatch(/Did you mean/);
    const typename = await both('{ __typename }');
    expect(typename.httpErrors).toEqual([]);
    expect(typename.wsErrors).toEqual([]);
  });

  it('refuses batched HTTP requests with a typed error', async () => {
    const res = await fetch(t.server.url, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ query: '{ health { status } }' }, { query: '{ health { status } }' }]),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Errors };
    expect(codes(body.errors)).toEqual(['BAD_REQUEST']);
    expect(body.errors![0].message).toMatch(/GRAPHQL_ALLOW_BATCHING/);
  });

  it('refuses text no store can hold (U+0000) before any resolver runs', async () => {
    for (const [query, variables, where] of [
      ['query($n: String!) { section(code: IPC, number: $n) { id } }', { n: '30\u00002' }, /\$n$/],
      ['query($i: SearchInput!) { search(input: $i) { hits { citation } } }', { i: { query: 'theft', filter: { districts: ['Surat\u0000'] } } }, /\$i\.filter\.districts\[0\]$/],
      ['{ section(code: IPC, number: "30\\u00002") { id } }', undefined, /string literal at line 1$/],
    ] as const) {
      const r = await both(query, variables);
      expect(codes(r.httpErrors)).toEqual(['BAD_USER_INPUT']);
      expect(codes(r.wsErrors)).toEqual(['BAD_USER_INPUT']);
      for (const e of [r.httpErrors[0], r.wsErrors[0]]) expect(e.message).toMatch(/NUL character \(U\+0000\)/);
      expect(r.httpErrors[0].message).toMatch(where);
    }
  });

  it('answers broken bodies and Apollo-refused envelopes with typed JSON, never an HTML page', async () => {
    const send = async (body: string | Uint8Array, headers: Record<string, string>) => {
      const res = await fetch(t.server.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      return { status: res.status, body: (await res.json()) as { errors: Errors } };
    };
    const corrupt = await send(new Uint8Array([1, 2, 3, 4]), { 'content-encoding': 'gzip' });
    expect([corrupt.status, codes(corrupt.body.errors)]).toEqual([400, ['BAD_REQUEST']]);
    const notJson = await send('{"query": ', {});
    expect([notJson.status, codes(notJson.body.errors)]).toEqual([400, ['BAD_REQUEST']]);
    const encoding = await send('{}', { 'content-encoding': 'compress' });
    expect([encoding.status, codes(encoding.body.errors)]).toEqual([415, ['BAD_REQUEST']]);
    const version = await send(JSON.stringify({ extensions: { persistedQuery: { version: 2, sha256Hash: 'ab' } } }), {});
    expect([version.status, codes(version.body.errors)]).toEqual([400, ['BAD_REQUEST']]);
  });

  it('limits the body size with a JSON 413 on HTTP, and the message size on WebSocket', async () => {
    const res = await fetch(t.server.url, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query($q: String!) { search(input: { query: $q }) { hits { citation } } }', variables: { q: 'x'.repeat(70000) } }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { errors: Errors };
    expect(codes(body.errors)).toEqual(['PAYLOAD_TOO_LARGE']);
    expect(body.errors![0].message).toMatch(/limit of 65536 bytes \(REQUEST_MAX_BYTES\)/);

    const socket = new WebSocket(t.server.url.replace('http', 'ws'), 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(70000) } }));
    expect(await closed).toBe(1009); // Message Too Big
    const after = await t.gql('{ health { status } }');
    expect(after.status).toBe(200);
  });
});

describe('query cost', () => {
  const cost = async (query: string, variables?: Record<string, unknown>) => {
    const result = operationCost(await getSchema(), parse(query), undefined, variables, 10000);
    if (!('cost' in result)) throw new Error(`no cost: ${result.error}`);
    return result.cost;
  };

  it('weighs ask above search, and search by k', async () => {
    const search = await cost('{ search(input: { query: "x", topK: 5 }) { hits { citation } } }');
    const ask = await cost('{ ask(input: { query: "x", topK: 5 }) { citations { n } } }');
    expect(ask).toBeGreaterThan(search * 4);
    expect(await cost(SEARCH_K(20))).toBeGreaterThan(await cost(SEARCH_K(3)));
    expect(await cost(SEARCH_VAR, { k: 20 })).toBe(await cost(SEARCH_K(20)));
    expect(await cost('{ askStream(input: { query: "x" }) { text } }'.replace('{ askStream', 'subscription { askStream'))).toBeGreaterThan(100);
  });

  it('multiplies nested lists by first and limit, clamped to what the resolvers serve', async () => {
    const page = (n: number) => `{ documents(first: ${n}) { edges { node { id similar(limit: 3) { id } } } } }`;
    expect(await cost(page(20))).toBeGreaterThan(await cost(page(5)) * 3);
    expect(await cost(page(1000000))).toBe(await cost(page(100)));
    expect(await cost(page(-5))).toBe(await cost(page(1)));
  });
});
