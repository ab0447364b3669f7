import type { App } from '../../src/app/app';
import { loadStatuteGraph } from '../../src/seeds/seed';
import { generateFirs } from '../../src/seeds/synthetic-fir';
import { describeEachProfile } from '../support/profiles';
import { startTestServer, type TestServer } from '../support/server';

/** Store round trips so far: SQL statements plus, in services mode, Cypher statements. */
function roundTrips(app: App): number {
  const graph = app.stores.graph as unknown as { stats?: { queries: number } };
  return app.stores.sql.stats.queries + (app.stores.graph.name === 'graph:neo4j' ? graph.stats!.queries : 0);
}

const NESTED = `query($first: Int!) { documents(first: $first, filter: { types: [FIR] }) { totalCount edges { node {
  id citedSections { id title act equivalents { relation section { id title } } } } } } }`;

describeEachProfile('analysts\' graph API (%s)', (profile) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(profile, { RERANKER_MODEL: 'none' });
    await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
    const results = await t.app.ingest.ingest(generateFirs(50, 3));
    expect(results.every((r) => r.status === 'CREATED')).toBe(true);
  });
  afterAll(() => t.close());

  it('resolves a nested query over 50 documents in a constant number of store round trips (no N+1)', async () => {
    const trips = async (first: number) => {
      const before = roundTrips(t.app);
      const { body } = await t.gql<{ documents: { edges: { node: { citedSections: { equivalents: unknown[] }[] } }[] } }>(NESTED, { first });
      expect(body.errors).toBeUndefined();
      expect(body.data!.documents.edges).toHaveLength(first);
      return { trips: roundTrips(t.app) - before, sections: body.data!.documents.edges.flatMap((e) => e.node.citedSections).length };
    };
    const ten = await trips(10);
    const fifty = await trips(50);
    expect(fifty.sections).toBeGreaterThan(50);
    // documents page + count, then one batch each for sections, equivalents and equivalent sections.
    expect(fifty.trips).toBeLessThanOrEqual(6);
    expect(fifty.trips).toBe(ten.trips);
  });

  it('answers section(code, number) with equivalents, cited-by pages and co-citations', async () => {
    const Q = `{ section(code: IPC, number: "379") { id title titleHi act equivalents { relation provisions section { id title } }
      citedBy(first: 2) { totalCount edges { cursor node { id type date } } pageInfo { hasNextPage endCursor } }
      coCited(limit: 3) { count section { id } } } }`;
    const { body } = await t.gql<{ section: { id: string; act: string; equivalents: { relation: string; section: { id: string } }[];
      citedBy: { totalCount: number; edges: { node: { id: string } }[]; pageInfo: { hasNextPage: boolean; endCursor: string } }; coCited: { count: number }[] } }>(Q);
    expect(body.errors).toBeUndefined();
    const s = body.data!.section;
    expect(s).toMatchObject({ id: 'IPC:379', act: 'Indian Penal Code, 1860' });
    expect(s.equivalents).toEqual([{ relation: 'merged', provisions: '303(2)', section: { id: 'BNS:303', title: 'Theft' } }]);
    if (s.citedBy.totalCount > 2) {
      expect(s.citedBy.pageInfo.hasNextPage).toBe(true);
      const next = await t.gql<{ section: { citedBy: { edges: { node: { id: string } }[] } } }>(
        `query($after: String) { section(code: IPC, number: "379") { citedBy(first: 2, after: $after) { edges { node { id } } } } }`, { after: s.citedBy.pageInfo.endCursor });
      const ids = next.body.data!.section.citedBy.edges.map((e) => e.node.id);
      expect(ids.some((id) => s.citedBy.edges.map((e) => e.node.id).includes(id))).toBe(false);
    }
  });

  it('gives UNKNOWN_SECTION for a section the code does not have', async () => {
    const { body } = await t.gql('{ section(code: IPC, number: "999") { id } }');
    expect(body.errors?.[0].extensions?.code).toBe('UNKNOWN_SECTION');
  });

  it('returns a case-section graph ready to draw, with depth and limit enforced', async () => {
    const { body } = await t.gql<{ caseSectionGraph: { nodes: { id: string; kind: string }[]; edges: { source: string; target: string; kind: string }[] } }>(
      '{ caseSectionGraph(start: { ids: ["IPC:302"], depth: 1, limit: 30 }) { nodes { id kind label } edges { source target kind relation } } }');
    const g = body.data!.caseSectionGraph;
    expect(g.nodes[0]).toMatchObject({ id: 'IPC:302', kind: 'Section' });
    expect(g.nodes.map((n) => n.id)).toContain('BNS:103');
    const ids = new Set(g.nodes.map((n) => n.id));
    for (const e of g.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
    const deep = await t.gql('{ caseSectionGraph(start: { ids: ["IPC:302"], depth: 3 }) { nodes { id } } }');
    expect(deep.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('counts citing documents per month and district, equivalents included', async () => {
    const Q = `query($f: SectionTrendsFilterInput) { sectionTrends(filter: $f) { sections total points { month district documents } } }`;
    type Trends = { sectionTrends: { sections: string[]; total: number; points: { month: string; district: string | null; documents: number }[] } };
    const all = await t.gql<Trends>(Q, { f: null });
    expect(all.body.data!.sectionTrends.total).toBe(50);
    const theft = await t.gql<Trends>(Q, { f: { sections: ['IPC 379'] } });
    const tr = theft.body.data!.sectionTrends;
    expect(tr.sections).toEqual(['IPC:379', 'BNS:303']);
    expect(tr.points.every((p) => /^\d{4}-\d{2}$/.test(p.month) && p.documents > 0)).toBe(true);
    const months = tr.points.map((p) => `${p.month}|${p.district}`);
    expect(months).toEqual([...months].sort()); // ordered by month, then district
    const narrow = await t.gql<Trends>(Q, { f: { sections: ['IPC 379'], includeEquivalents: false } });
    expect(narrow.body.data!.sectionTrends.total).toBeLessThanOrEqual(tr.total);
    const bad = await t.gql(Q, { f: { sections: ['IPC 9999'] } });
    expect(bad.body.errors?.[0].extensions?.code).toBe('UNKNOWN_SECTION');
    const garbled = await t.gql(Q, { f: { sections: ['three-oh-two'] } });
    expect(garbled.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('finds the shortest path between two sections, through documents and equivalences', async () => {
    const Q = `query($a: String!, $b: String!, $h: Int) { sectionPath(from: $a, to: $b, maxHops: $h) { found hops nodes { id kind } edges { source target kind relation } } }`;
    type Path = { sectionPath: { found: boolean; hops: number | null; nodes: { id: string; kind: string }[]; edges: { source: string; target: string; kind: string; relation: string | null }[] } };
    const eq = await t.gql<Path>(Q, { a: 'IPC 302', b: 'BNS:103' });
    expect(eq.body.data!.sectionPath).toEqual({
      found: true, hops: 1, nodes: [{ id: 'IPC:302', kind: 'Section' }, { id: 'BNS:103', kind: 'Section' }],
      edges: [{ source: 'IPC:302', target: 'BNS:103', kind: 'EQUIVALENT_TO', relation: 'mapped' }],
    });
    const { body } = await t.gql<{ documents: { edges: { node: { id: string; sections: string[] } }[] } }>('{ documents(first: 50) { edges { node { id sections } } } }');
    const doc = body.data!.documents.edges.map((e) => e.node).find((d) => d.sections.length >= 2)!;
    const [a, b] = doc.sections;
    const via = await t.gql<Path>(Q, { a, b });
    const p = via.body.data!.sectionPath;
    expect(p.found).toBe(true);
    expect(p.hops).toBeLessThanOrEqual(2);
    for (const e of p.edges) expect(p.nodes.some((n) => n.id === e.source) && p.nodes.some((n) => n.id === e.target)).toBe(true);
    const tooFar = await t.gql(Q, { a: 'IPC 302', b: 'BNS 103', h: 7 });
    expect(tooFar.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await t.gql(Q, { a: 'IPC 302', b: 'BNS 9999' });
    expect(unknown.body.errors?.[0].extensions?.code).toBe('UNKNOWN_SECTION');
  });
});
