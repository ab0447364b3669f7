import net from 'node:net';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/server';

/** Inputs that once reached a store and came back as INTERNAL_SERVER_ERROR or STORE_UNAVAILABLE: each is the caller's mistake. */
describe('error paths: refused up front with a code and a reason', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', { RERANKER_MODEL: 'none' });
  });
  afterAll(() => t.close());

  const code = (r: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => r.body.errors?.[0].extensions?.code;

  it('documents: dates that are not calendar days and cursors this API never issued', async () => {
    const Q = `query($f: DocumentFilterInput, $after: String) { documents(filter: $f, after: $after) { totalCount } }`;
    for (const dateFrom of ['2024', '2024-W01', '2024-123', '2023-02-30']) {
      const res = await t.gql(Q, { f: { dateFrom } });
      expect(code(res)).toBe('BAD_USER_INPUT');
    }
    const notReal = await t.gql(Q, { f: { dateTo: '2023-02-30' } });
    expect(JSON.stringify(notReal.body.errors)).toContain('is not a real date');
    for (const raw of ['o:99999999999999999999', 'o:-1', 'x:1']) {
      const res = await t.gql(Q, { after: Buffer.from(raw).toString('base64url') });
      expect(code(res)).toBe('BAD_USER_INPUT');
    }
    expect((await t.gql(Q, { f: { dateFrom: '2024-01-01' }, after: Buffer.from('o:20').toString('base64url') })).body.errors).toBeUndefined();
  });

  it('search and ask: their filter is validated like every other input', async () => {
    const S = `query($f: SearchFilterInput) { search(input: { query: "theft", filter: $f, rerank: false }) { hits { chunkId } } }`;
    const A = `query($f: SearchFilterInput) { ask(input: { query: "theft", filter: $f }) { text } }`;
    const districts = Array.from({ length: 50_000 }, (_v, i) => `d${i}`);
    for (const q of [S, A]) {
      expect(code(await t.gql(q, { f: { dateFrom: 'garbage' } }))).toBe('BAD_USER_INPUT');
      expect(code(await t.gql(q, { f: { districts } }))).toBe('BAD_USER_INPUT');
    }
    const fine = await t.gql(S, { f: { dateFrom: '2020-01-01', districts: ['Pune'] } });
    expect(fine.body.errors).toBeUndefined();
    expect(fine.body).not.toHaveProperty('extensions.missingSources');
  });

  it('ill-formed Unicode in an ingest title is BAD_USER_INPUT, and nothing is stored', async () => {
    const body = `{"query":"mutation($d: IngestDocumentInput!) { ingestDocument(input: $d) { id } }","variables":{"d":{"id":"fir-lone-1","type":"FIR","title":"ok\\ud800","district":"Pune","parts":[{"name":"incident","text":"theft"}]}}}`;
    const res = await fetch(t.server.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await t.token()}` }, body });
    const json = (await res.json()) as { errors?: { message: string; extensions: { code: string } }[] };
    expect(json.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(json.errors?.[0].message).toMatch(/lone surrogate/);
    expect(await t.app.stores.documents.getDocuments(['fir-lone-1'])).toEqual([]);
    // The ingest pipeline refuses it too (the CLI path, with no GraphQL in front).
    const [r] = await t.app.ingest.ingest([{ id: 'fir-lone-2', type: 'FIR', title: 'ok\ud800', parts: [{ name: 'incident', text: 'theft' }] }]);
    expect(r).toMatchObject({ status: 'FAILED', id: 'fir-lone-2', error: { code: 'INVALID_DOCUMENT' } });
  });

  it('a client-sent next or error on graphql-ws is a protocol error (4400), not an internal one', async () => {
    for (const type of ['next', 'error']) {
      const socket = new WebSocket(t.server.url.replace('http', 'ws'), 'graphql-transport-ws');
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const acked = new Promise((resolve) => socket.once('message', resolve));
      socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
      await acked;
      const closed = new Promise<number>((resolve) => socket.once('close', (c) => resolve(c)));
      socket.send(JSON.stringify({ type, id: '1', payload: type === 'next' ? { data: {} } : [{ message: 'x' }] }));
      expect(await closed).toBe(4400);
    }
  });

  it('an unknown path answers JSON with NOT_FOUND', async () => {
    const res = await fetch(t.server.url.replace('/graphql', '/no/such/place'));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('error paths: stopping', () => {
  it('answers a request that arrives while the server stops with 503 and Retry-After at once', async () => {
    const t = await startTestServer('embedded', { RERANKER_MODEL: 'none' });
    try {
      const { port } = t.server;
      const token = await t.token();
      // Two pipelined requests on one connection: a slow ingest, then a cheap query that the server reads after the
      // stop has begun (the ingest is still being drained).
      const slow = JSON.stringify({ query: 'mutation($d: [IngestDocumentInput!]!) { ingestDocuments(inputs: $d) { created } }',
        variables: { d: Array.from({ length: 40 }, (_v, i) => ({ id: `fir-stop-${i}`, type: 'FIR', title: `FIR ${i}`, district: 'Pune',
          parts: [{ name: 'incident', text: `A motorcycle number ${i} was stolen from outside the market at night by two unknown persons.` }] })) } });
      const quick = JSON.stringify({ query: '{ health { status } }' });
      const request = (body: string) => `POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (d) => { received += d.toString(); });
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(request(slow));
      await new Promise((r) => setTimeout(r, 300));
      const stopping = t.server.stop();
      socket.write(request(quick));
      const started = Date.now();
      await Promise.race([ended, new Promise((r) => setTimeout(r, 60_000))]);
      await stopping;
      const responses = received.split(/(?=HTTP\/1\.1 )/);
      expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
      expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
      expect(responses[1]).toMatch(/Retry-After: 5/i);
      expect(responses[1]).toContain('STORE_UNAVAILABLE');
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
