import { loadStatuteGraph } from '../../src/seeds/seed';
import { generateFirs } from '../../src/seeds/synthetic-fir';
import { servicesEnabled } from '../support/profiles';
import { startServer, stopServer } from '../support/servers';
import { startTestServer, type TestServer } from '../support/server';

const describeServices = servicesEnabled ? describe : describe.skip;
jest.setTimeout(300_000);

const SEARCH = `{ search(input: { query: "motorcycle stolen from parking u/s 379 IPC", topK: 5 }) { missingSources hits { document { id } } } }`;
const ASK = `{ ask(input: { query: "motorcycle stolen from parking" }) { belowThreshold sources { documentId } } }`;
const HEALTH = `{ health { status components { name status } } }`;

type Health = { health: { status: string; components: { name: string; status: string }[] } };

/**
 * A real server stopped while the API is serving: search and ask keep answering from what is up and say
 * which source is missing (in the result and in the response extensions); health tells the operator.
 */
describeServices('degraded operation with a server stopped while the API serves (services)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('services', { RERANKER_MODEL: 'none' });
    await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
    expect((await t.app.ingest.ingest(generateFirs(20, 11))).every((r) => r.status === 'CREATED')).toBe(true);
  });
  afterAll(() => t.close());

  it.each([['chroma', 'vector:chroma'], ['neo4j', 'graph:neo4j']] as const)('answers without %s and names it', async (server, source) => {
    const before = await t.gql<{ search: { missingSources: string[]; hits: unknown[] } }>(SEARCH);
    expect(before.body.data!.search.missingSources).toEqual([]);
    stopServer(server);
    try {
      // The server is already down when this query starts: it must still answer, from what is up.
      const during = await t.gql<{ search: { missingSources: string[]; hits: unknown[] } }>(SEARCH.replace('parking', 'parking lot'));
      expect(during.body.errors).toBeUndefined();
      expect(during.body.data!.search.missingSources).toContain(source);
      expect(during.body.data!.search.hits.length).toBeGreaterThan(0);
      expect((during.body as { extensions?: { missingSources?: string[] } }).extensions?.missingSources).toContain(source);

      const answer = await t.gql<{ ask: { sources: unknown[] } }>(ASK);
      expect(answer.body.errors).toBeUndefined();
      expect((answer.body as { extensions?: { missingSources?: string[] } }).extensions?.missingSources).toContain(source);

      const health = await t.gql<Health>(HEALTH);
      expect(health.body.data!.health.status).toBe('DOWN');
      expect(health.body.data!.health.components.find((c) => c.name === source)?.status).toBe('DOWN');

      if (server === 'neo4j') {
        const graph = await t.gql(`{ caseSectionGraph(start: { ids: ["IPC:379"] }) { nodes { id } } }`);
        expect(graph.body.errors?.[0].extensions?.code).toBe('STORE_UNAVAILABLE');
      }
    } finally {
      startServer(server);
    }
    // The driver reconnects on its own once the server is back: no restart of the API is needed.
    let after: Health['health'] | undefined;
    for (let i = 0; i < 30 && after?.status !== 'UP'; i++) {
      if (i) await new Promise((r) => setTimeout(r, 1000));
      after = (await t.gql<Health>(HEALTH)).body.data!.health;
    }
    expect(after).toMatchObject({ status: 'UP' });
  });
});
