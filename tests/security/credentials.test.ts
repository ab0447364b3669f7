import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { loadConfig } from '../../src/config/config';
import { startTestServer, type TestServer } from '../support/server';
import { wsCall } from '../support/ws-call';

// The first ask of a run embeds the section names once (minutes on a loaded 2-core machine).
jest.setTimeout(300_000);

const KEY = 'k-investigator-0123456789abcdef';
const WHO = `{ health { status } }`;

/** Credentials of the wrong shape are refused, never read as "no restriction", and every kind of principal is its own. */
describe('credentials: shapes, lifetimes and namespaces', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('embedded', {
      RERANKER_MODEL: 'none', JWT_MAX_LIFETIME_HOURS: String(24 * 31),
      API_KEYS: JSON.stringify([{ id: 'inv-key', key: KEY, role: 'INVESTIGATOR', districts: ['Pune'] }]),
    });
  });
  afterAll(() => t.close());

  /** A token signed with the server's secret and whatever claims the test names (exp unless told otherwise). */
  const sign = async (claims: Record<string, unknown>, opts: { sub?: string; exp?: number | null } = {}) => {
    const { auth } = t.app.config;
    let jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(opts.sub ?? 'probe')
      .setIssuer(auth.jwtIssuer).setAudience(auth.jwtAudience).setIssuedAt();
    if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600);
    return `Bearer ${await jwt.sign(new TextEncoder().encode(auth.jwtSecret!))}`;
  };

  it('refuses a malformed districts claim instead of reading it as "every district"', async () => {
    const cases = [{ role: 'ANALYST', districts: 'Pune' }, { role: 'ANALYST', districts: [411001] }, { role: 'ANALYST', district: 'Pune' },
      { role: 'ANALYST', districts: [''] }];
    for (const claims of cases) {
      const res = await t.gql(`{ documents(first: 5) { totalCount } }`, {}, { authorization: await sign(claims) });
      expect(res.status).toBe(401);
      expect(res.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect(res.body.data ?? null).toBeNull();
    }
    // The well-formed claims still work: a list, or none at all (a state-level analyst).
    for (const claims of [{ role: 'ANALYST', districts: ['Pune'] }, { role: 'ANALYST' }]) {
      expect((await t.gql(WHO, {}, { authorization: await sign(claims) })).body.errors).toBeUndefined();
    }
  });

  it('requires exp, and refuses a token that lives longer than JWT_MAX_LIFETIME_HOURS', async () => {
    const noExp = await t.gql(WHO, {}, { authorization: await sign({ role: 'COURT' }, { exp: null }) });
    expect(noExp.body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    expect(noExp.body.errors?.[0].message).toMatch(/exp/);
    const tooLong = await t.gql(WHO, {}, { authorization: await sign({ role: 'COURT' }, { exp: Math.floor(Date.now() / 1000) + 40 * 86400 }) });
    expect(tooLong.body.errors?.[0].message).toMatch(/JWT_MAX_LIFETIME_HOURS/);
    await expect(t.token('COURT', [], '40d')).rejects.toThrow(/JWT_MAX_LIFETIME_HOURS/);
  });

  it('keeps the socket of a 30-day token open (no timer overflow) and closes an expiring one with 4401', async () => {
    const long = `Bearer ${await t.token('COURT', ['Surat'], '30d')}`;
    expect((await t.gql(WHO, {}, { authorization: long })).body.errors).toBeUndefined();
    const client = createClient({ url: t.server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, lazy: false, connectionParams: { authorization: long } });
    let closedWith: number | null = null;
    client.on('closed', (e) => { closedWith = (e as { code: number }).code; });
    const first = await wsCall(client, { query: WHO });
    expect(first.kind).toBe('complete');
    await new Promise((r) => setTimeout(r, 1000));
    expect(closedWith).toBeNull();
    expect((await wsCall(client, { query: WHO })).kind).toBe('complete');
    await client.dispose();
  });

  it('refuses a non-string credential in connection_init (4403) instead of connecting as PUBLIC', async () => {
    for (const params of [{ authorization: 123 }, { authorization: { bearer: 'x' } }, { 'x-api-key': ['k'] }]) {
      const client = createClient({ url: t.server.url.replace('http', 'ws'), webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: params });
      const outcome = await wsCall(client, { query: WHO }, 10000);
      expect(outcome).toMatchObject({ kind: 'closed', code: 4403 });
      await client.dispose();
    }
  });

  it('does not let a JWT whose sub equals an API key id follow that key\'s ingest progress', async () => {
    const fir = { id: 'fir-ns-1', type: 'FIR', title: 'FIR ns', language: 'en', district: 'Pune', date: '2024-08-02', parts: [{ name: 'incident', text: 'A bicycle was stolen from the porch.' }] };
    const started = await t.gql(`mutation($d: [IngestDocumentInput!]!) { ingestDocuments(inputs: $d, batchId: "ns-batch") { created } }`, { d: [fir] }, { 'x-api-key': KEY });
    expect(started.body.data).toEqual({ ingestDocuments: { created: 1 } });
    const follow = async (authorization: Record<string, string>) => {
      const client = t.ws(authorization);
      const outcome = await wsCall(client, { query: 'subscription { ingestProgress(batchId: "ns-batch") { done lastId finished } }' }, 1500);
      await client.dispose();
      return outcome;
    };
    const owner = await follow({ 'x-api-key': KEY });
    expect(owner).toMatchObject({ kind: 'complete', results: [{ data: { ingestProgress: { done: 1, lastId: 'fir-ns-1', finished: true } } }] });
    const impostor = await follow({ authorization: await sign({ role: 'INVESTIGATOR', districts: ['Pune'] }, { sub: 'inv-key' }) });
    expect(impostor).toEqual({ kind: 'timeout', results: [] });
  });

  it('never echoes a secret in a configuration error', () => {
    const secret = 'short-secret-value';
    let message = '';
    try {
      loadConfig({ JWT_SECRET: secret });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/JWT_SECRET/);
    expect(message).not.toContain(secret);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@db/x' })).toThrow(/^(?!.*hunter2).*DATABASE_URL/);
  });
});

/** Anonymous callers are told apart by address, so one of them cannot spend everyone's ask budget. */
describe('anonymous ask budget', () => {
  const ASK = `{ ask(input: { query: "punishment for theft" }) { belowThreshold } }`;

  it('counts each client address on its own, believing X-Forwarded-For only from a trusted proxy', async () => {
    const t = await startTestServer('embedded', { RERANKER_MODEL: 'none', ASK_RATE_PER_MINUTE: '2', TRUST_PROXY: 'loopback' });
    try {
      const from = (address: string) => ({ authorization: '', 'x-forwarded-for': address });
      for (let i = 0; i < 2; i++) expect((await t.gql(ASK, {}, from('203.0.113.7'))).body.errors).toBeUndefined();
      expect((await t.gql(ASK, {}, from('203.0.113.7'))).status).toBe(429);
      expect((await t.gql(ASK, {}, from('198.51.100.9'))).body.errors).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const t = await startTestServer('embedded', { RERANKER_MODEL: 'none', ASK_RATE_PER_MINUTE: '2' });
    try {
      for (let i = 0; i < 2; i++) expect((await t.gql(ASK, {}, { authorization: '', 'x-forwarded-for': `192.0.2.${i}` })).body.errors).toBeUndefined();
      expect((await t.gql(ASK, {}, { authorization: '', 'x-forwarded-for': '192.0.2.99' })).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
