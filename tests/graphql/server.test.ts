import { createApp } from '../../src/app/app';
import { describeEachProfile, testConfig } from '../support/profiles';
import { startTestServer, type TestServer } from '../support/server';

const HEALTH = '{ health { status profile components { name kind status latencyMs detail } } }';

describeEachProfile('GraphQL server over HTTP and WebSocket (%s)', (profile) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(profile);
  });
  afterAll(() => t.close());

  it('answers health over HTTP with every store and model', async () => {
    const { status, body } = await t.gql<{ health: { status: string; profile: string; components: { name: string; status: string; latencyMs: number | null }[] } }>(HEALTH);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const h = body.data!.health;
    expect(h).toMatchObject({ status: 'UP', profile });
    const names = h.components.map((c) => c.name);
    expect(names).toEqual(profile === 'embedded'
      ? ['documents:pglite', 'vector:pgvector', 'graph:sql', 'embedder:multilingual-e5-small-q4', 'reranker:tiny-random-cross-encoder']
      : ['documents:postgres', 'vector:chroma', 'graph:neo4j', 'embedder:multilingual-e5-small-q4', 'reranker:tiny-random-cross-encoder']);
    for (const c of h.components.slice(0, 3)) {
      expect(c.status).toBe('UP');
      // A store that answered has a measured latency (null is what a store that did not answer reports).
      expect(c.latencyMs).toEqual(expect.any(Number));
      expect(c.latencyMs).toBeLessThan(30_000);
    }
  });

  it('answers the same query over graphql-ws on the same path', async () => {
    const client = t.ws();
    const result = await new Promise<{ data?: { health: { status: string } } }>((resolve, reject) => {
      let value: { data?: { health: { status: string } } } | undefined;
      client.subscribe({ query: HEALTH }, { next: (v) => (value = v as typeof value), error: reject, complete: () => resolve(value!) });
    });
    expect(result.data?.health.status).toBe('UP');
  });

  it('gives a typed error for an unknown field and a malformed document', async () => {
    const bad = await t.gql('{ health { nope } }');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const parse = await t.gql('{ health { ');
    expect(parse.body.errors?.[0].extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('explains over GraphQL which offence a narrative\'s ingredients point to', async () => {
    const query = 'query($q: String!) { search(input: { query: $q, topK: 3 }) { analysis { type } expansion { offences sections { id reason via } } } }';
    type R = { search: { analysis: { type: string }; expansion: { offences: string[]; sections: { id: string; reason: string; via: string }[] } } };
    const { body } = await t.gql<R>(query, { q: 'Two men on a motorcycle snatched the gold chain from the neck of the complainant and sped away.' });
    expect(body.errors).toBeUndefined();
    const x = body.data!.search.expansion;
    expect(body.data!.search.analysis.type).toBe('FACT_PATTERN');
    expect(x.offences).toContain('snatching');
    expect(x.sections).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'BNS:304', reason: 'ELEMENTS' })]));
  });

  it('shows the sections the nearest labelled examples vote for, and each hit\'s score from that list', async () => {
    await t.app.search.warm();
    const query = 'query($q: String!) { search(input: { query: $q, topK: 5 }) { expansion { examples { id score nearest } } hits { scores { examples } } } }';
    type R = { search: { expansion: { examples: { id: string; score: number; nearest: number }[] }; hits: { scores: { examples: number | null } }[] } };
    // Written for this test: a cheating by a fake job agent told as a complainant would.
    const { body } = await t.gql<R>(query, { q: 'A man who said he was an agent of a railway recruitment office took eighty thousand rupees from my son for a job and then switched off his phone' });
    expect(body.errors).toBeUndefined();
    const voted = body.data!.search.expansion.examples;
    expect(voted.length).toBeGreaterThan(0);
    expect(voted.map((m) => m.id)).toEqual(expect.arrayContaining([expect.stringMatching(/^(IPC:(415|417|419|420)|BNS:(318|319))$/)]));
    for (const m of voted) {
      expect(m.score).toBeGreaterThan(0);
      expect(m.score).toBeLessThanOrEqual(1);
      expect(m.nearest).toBeGreaterThan(0.5);
    }
  });

  it('serves the offline sandbox and readiness', async () => {
    const page = await fetch(t.server.url.replace('/graphql', '/sandbox'));
    expect(await page.text()).toContain('/vendor/graphiql.min.js');
    const js = await fetch(t.server.url.replace('/graphql', '/vendor/graphiql.min.js'));
    expect(js.status).toBe(200);
    const ready = await fetch(t.server.url.replace('/graphql', '/readyz'));
    expect(ready.status).toBe(200);
  });
});

describe('start-up failures are one clear line', () => {
  it('names an unreachable PostgreSQL', async () => {
    const config = testConfig('services', { DATABASE_URL: 'postgres://nyaya:secret@127.0.0.1:1/nyaya', RERANKER_MODEL: 'none' });
    const err = await createApp(config, { namespace: 'unused', inMemory: true }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(/^Cannot reach PostgreSQL at postgres:\/\/nyaya:\*\*\*@127\.0\.0\.1:1\/nyaya: /);
    expect((err as Error).message).not.toContain('secret');
    expect((err as Error).message.split('\n')).toHaveLength(1);
  });

  it('names a missing embedding model', async () => {
    const config = testConfig('embedded', { EMBEDDING_MODEL: 'no-such-model', RERANKER_MODEL: 'none' });
    const err = await createApp(config, { inMemory: true }).catch((e: Error) => e);
    expect((err as Error).message).toBe(
      `EMBEDDING_MODEL: model "no-such-model" not found in MODELS_DIR (${config.modelsDir}) and ALLOW_REMOTE_MODELS=false`);
  });

  it('keeps running with the reranker skipped when it cannot be loaded', async () => {
    const t = await startTestServer('embedded', { RERANKER_MODEL: 'no-such-reranker' });
    try {
      const { body } = await t.gql<{ health: { components: { name: string; status: string; detail: string }[] } }>(HEALTH);
      const reranker = body.data!.health.components.find((c) => c.name.startsWith('reranker:'))!;
      expect(reranker.status).toBe('SKIPPED');
      expect(reranker.detail).toContain('no-such-reranker');
    } finally {
      await t.close();
    }
  });
});
