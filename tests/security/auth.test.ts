import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/server';

const KEY = 'k-prosecutor-0123456789abcdef';

/** Credentials on HTTP and WebSocket alike: who may connect, for how long, and how often they may ask. */
describe('authentication and rate limits', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', {
      RERANKER_MODEL: 'none', ASK_RATE_PER_MINUTE: '3',
      API_KEYS: JSON.stringify([{ id: 'pp-ahmedabad', key: KEY, role: 'PROSECUTOR', districts: ['Ahmedabad'] }]),
    });
  });
  afterAll(() => t.close());

  const WHO = `{ health { status } }`;

  it('refuses wrong credentials with UNAUTHENTICATED and HTTP 401 instead of downgrading them', async () => {
    for (const authorization of ['Bearer not-a-jwt', 'Basic abc', 'ApiKey wrong-key-0000000000000']) {
      const res = await t.gql(WHO, {}, { authorization });
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
    const expired = await t.token('INVESTIGATOR', ['Pune'], Math.floor(Date.now() / 1000) - 10);
    const res = await t.gql(WHO, {}, { authorization: `Bearer ${expired}` });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'Token expired', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('accepts API keys in either header, and anonymous callers as PUBLIC', async () => {
    expect((await t.gql(WHO, {}, { 'x-api-key': KEY })).body.errors).toBeUndefined();
    expect((await t.gql(WHO, {}, { authorization: `ApiKey ${KEY}` })).body.errors).toBeUndefined();
    expect((await t.gql(WHO, {}, { authorization: '' })).body.errors).toBeUndefined();
  });

  it('closes a WebSocket with bad credentials (4403) and one whose token expires (4401)', async () => {
    const closed = (params: Record<string, unknown>) => new Promise<number>((resolve) => {
      const client = createClient({
        url: t.server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: params,
        on: { closed: (e) => resolve((e as { code: number }).code) },
      });
      client.subscribe({ query: 'subscription { askStream(input: { query: "theft of a tempo" }) { kind } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
    });
    expect(await closed({ authorization: 'Bearer forged.token.value' })).toBe(4403);
    const shortLived = await t.token('INVESTIGATOR', ['Pune'], Math.floor(Date.now() / 1000) + 2);
    const started = Date.now();
    const client = createClient({ url: t.server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, connectionParams: { authorization: `Bearer ${shortLived}` } });
    const code = await new Promise<number>((resolve) => client.on('closed', (e) => resolve((e as { code: number }).code)));
    expect(code).toBe(4401);
    expect(Date.now() - started).toBeGreaterThan(500);
    await client.dispose();
  });

  it('refuses ingest progress to anonymous subscribers', async () => {
    const ws = t.ws({});
    const error = await new Promise<unknown>((resolve) => ws.subscribe(
      { query: 'subscription { ingestProgress(batchId: "b1") { batchId } }' },
      // A refused subscribe arrives as one result carrying errors, then completion (graphql-js semantics).
      { next: (m) => resolve(m.errors), error: resolve, complete: () => resolve(null) },
    ));
    expect(JSON.stringify(error)).toContain('UNAUTHENTICATED');
  });

  it('limits ask per principal, on HTTP and WebSocket together', async () => {
    const headers = { authorization: `Bearer ${await t.token('COURT', ['Surat'])}` };
    const ASK = `{ ask(input: { query: "punishment for theft" }) { belowThreshold } }`;
    for (let i = 0; i < 3; i++) expect((await t.gql(ASK, {}, headers)).body.errors).toBeUndefined();
    const limited = await t.gql(ASK, {}, headers);
    expect(limited.status).toBe(429);
    expect(limited.body.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
    const ws = t.ws({ authorization: headers.authorization });
    const error = await new Promise<unknown>((resolve) => ws.subscribe(
      { query: 'subscription { askStream(input: { query: "punishment for theft" }) { kind } }' },
      { next: (m) => resolve(m.errors), error: resolve, complete: () => resolve(null) },
    ));
    expect(JSON.stringify(error)).toContain('RATE_LIMITED');
    // Another principal has its own budget.
    expect((await t.gql(ASK, {}, { 'x-api-key': KEY })).body.errors).toBeUndefined();
  });
});
