import type { Stores } from '../../src/stores/open-stores';
import type { GraphDocument } from '../../src/stores/graph/graph.types';
import { dropTestStores, openTestStores, describeEachProfile } from '../support/profiles';
import { DIMS } from './fixtures';

const section = (id: string, title: string) => {
  const [code, number] = id.split(':');
  return { id, code, number, title, titleHi: null, text: `Text of ${id}`, chapter: null };
};

const gdoc = (id: string, date: string, district: string, cites: string[], type: GraphDocument['type'] = 'FIR'): GraphDocument => ({
  id, type, title: `Case ${id}`, date, district, policeStation: null, language: 'en',
  cites: cites.map((c) => ({ sectionId: c, subsections: [], inferred: false })),
});

/** Neo4j (services) and the SQL graph tables (embedded) give the same answers to the same calls. */
describeEachProfile('citation graph contract (%s)', (profile) => {
  let s: Stores;
  beforeAll(async () => {
    s = await openTestStores(profile, DIMS);
    await s.graph.upsertActs([{ code: 'IPC', name: 'Indian Penal Code, 1860' }, { code: 'BNS', name: 'Bharatiya Nyaya Sanhita, 2023' }]);
    await s.graph.upsertSections([
      section('IPC:302', 'Punishment for murder'), section('IPC:34', 'Common intention'), section('IPC:379', 'Punishment for theft'),
      section('BNS:103', 'Punishment for murder'), section('BNS:3', 'General explanations'), section('BNS:303', 'Theft'),
    ]);
    await s.graph.upsertEquivalences([
      { fromId: 'IPC:302', toId: 'BNS:103', relation: 'mapped', provisions: '103(1)' },
      { fromId: 'IPC:34', toId: 'BNS:3', relation: 'mapped', provisions: '3(5)' },
      { fromId: 'IPC:379', toId: 'BNS:303', relation: 'mapped', provisions: '303(2)' },
    ]);
    await s.graph.syncDocument(gdoc('c1', '2023-05-01', 'Pune', ['IPC:302', 'IPC:34']));
    await s.graph.syncDocument(gdoc('c2', '2023-06-01', 'Surat', ['IPC:302', 'IPC:34', 'IPC:379']));
    await s.graph.syncDocument(gdoc('c3', '2024-08-01', 'Pune', ['BNS:103']));
    await s.graph.syncDocument(gdoc('c4', '2024-09-01', 'Pune', ['IPC:302'], 'CHARGESHEET'));
  });
  afterAll(() => dropTestStores(s));

  it('upserts are idempotent', async () => {
    await s.graph.upsertSections([section('IPC:302', 'Punishment for murder')]);
    await s.graph.upsertEquivalences([{ fromId: 'IPC:302', toId: 'BNS:103', relation: 'mapped', provisions: '103(1)' }]);
    await s.graph.syncDocument(gdoc('c1', '2023-05-01', 'Pune', ['IPC:302', 'IPC:34']));
    expect(await s.graph.counts()).toEqual({ sections: 6, documents: 4, cites: 7, equivalences: 3 });
  });

  it('finds equivalents in both directions', async () => {
    expect(await s.graph.equivalents(['IPC:302'])).toEqual([{ fromId: 'IPC:302', toId: 'BNS:103', relation: 'mapped', provisions: '103(1)' }]);
    expect(await s.graph.equivalents(['BNS:303', 'IPC:34'])).toEqual([
      { fromId: 'BNS:303', toId: 'IPC:379', relation: 'mapped', provisions: '303(2)' },
      { fromId: 'IPC:34', toId: 'BNS:3', relation: 'mapped', provisions: '3(5)' },
    ]);
  });

  it('reads sections, creating stubs for sections cited before they were loaded', async () => {
    await s.graph.syncDocument(gdoc('c5', '2024-10-01', 'Pune', ['BNS:999']));
    const [stub] = await s.graph.getSections(['BNS:999']);
    expect(stub).toMatchObject({ id: 'BNS:999', code: 'BNS', number: '999', title: null });
    await s.graph.deleteDocument('c5');
    expect(await s.graph.documentIds()).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('pages the documents citing a section, newest first, with filters', async () => {
    const all = await s.graph.citedBy('IPC:302', {}, 0, 10);
    expect(all.total).toBe(3);
    expect(all.documents.map((d) => d.id)).toEqual(['c4', 'c2', 'c1']);
    const page2 = await s.graph.citedBy('IPC:302', {}, 1, 1);
    expect(page2.documents.map((d) => d.id)).toEqual(['c2']);
    const pune = await s.graph.citedBy('IPC:302', { districts: ['Pune'], types: ['FIR'] }, 0, 10);
    expect(pune).toEqual({ total: 1, documents: [expect.objectContaining({ id: 'c1', district: 'Pune', date: '2023-05-01' })] });
    const dated = await s.graph.citedBy('IPC:302', { dateFrom: '2023-05-15', dateTo: '2023-12-31' }, 0, 10);
    expect(dated.documents.map((d) => d.id)).toEqual(['c2']);
  });

  it('counts co-citations', async () => {
    expect(await s.graph.coCited('IPC:302', 5)).toEqual([{ sectionId: 'IPC:34', count: 2 }, { sectionId: 'IPC:379', count: 1 }]);
  });

  it('lists what documents cite', async () => {
    expect(await s.graph.citationsOf(['c3', 'c1'])).toEqual([
      { documentId: 'c1', sectionId: 'IPC:302', inferred: false },
      { documentId: 'c1', sectionId: 'IPC:34', inferred: false },
      { documentId: 'c3', sectionId: 'BNS:103', inferred: false },
    ]);
  });

  it('walks the neighbourhood to a given depth', async () => {
    const one = await s.graph.neighbourhood(['IPC:302'], 1, 50);
    expect(one.nodes.map((n) => n.id)).toEqual(['IPC:302', 'BNS:103', 'c1', 'c2', 'c4']);
    expect(one.edges).toEqual([
      { source: 'IPC:302', target: 'BNS:103', kind: 'EQUIVALENT_TO', relation: 'mapped' },
      { source: 'c1', target: 'IPC:302', kind: 'CITES' },
      { source: 'c2', target: 'IPC:302', kind: 'CITES' },
      { source: 'c4', target: 'IPC:302', kind: 'CITES' },
    ]);
    const two = await s.graph.neighbourhood(['IPC:302'], 2, 50);
    expect(two.nodes.map((n) => n.id)).toEqual(['IPC:302', 'BNS:103', 'c1', 'c2', 'c4', 'IPC:34', 'IPC:379', 'c3']);
    expect(two.nodes.find((n) => n.id === 'c3')).toMatchObject({ kind: 'Document', label: 'Case c3', properties: { type: 'FIR', district: 'Pune' } });
    const limited = await s.graph.neighbourhood(['IPC:302'], 2, 3);
    expect(limited.nodes.map((n) => n.id)).toEqual(['IPC:302', 'BNS:103', 'c1']);
  });

  it('applies document filters and the caller\'s access inside the traversal', async () => {
    // c1 (Pune) is hidden: c2 (Surat) must not be reached through it, and IPC:34 only through c2.
    const surat = { all: false, openTypes: ['COURT_RULING' as const], districts: ['surat'] };
    const walked = await s.graph.neighbourhood(['IPC:302'], 2, 50, { access: surat });
    expect(walked.nodes.map((n) => n.id)).toEqual(['IPC:302', 'BNS:103', 'c2', 'IPC:34', 'IPC:379']);
    expect(walked.edges.every((e) => e.source !== 'c1' && e.target !== 'c1')).toBe(true);
    const fromHidden = await s.graph.neighbourhood(['c1'], 1, 50, { access: surat });
    expect(fromHidden.nodes).toEqual([]);
    const chargesheets = await s.graph.neighbourhood(['IPC:302'], 1, 50, { types: ['CHARGESHEET'] });
    expect(chargesheets.nodes.map((n) => n.id)).toEqual(['IPC:302', 'BNS:103', 'c4']);
    expect(await s.graph.citedBy('IPC:302', { access: surat }, 0, 10)).toMatchObject({ total: 1, documents: [{ id: 'c2' }] });
    expect(await s.graph.citedBy('IPC:302', { districts: ['PUNE'] }, 0, 10)).toMatchObject({ total: 2 });
    expect(await s.graph.coCited('IPC:302', 5, surat)).toEqual([{ sectionId: 'IPC:34', count: 1 }, { sectionId: 'IPC:379', count: 1 }]);
    const nobody = { all: false, openTypes: [], districts: [] };
    expect(await s.graph.citedBy('IPC:302', { access: nobody }, 0, 10)).toEqual({ total: 0, documents: [] });
  });

  it('counts dated documents per month and district', async () => {
    expect(await s.graph.trends({})).toEqual([
      { month: '2023-05', district: 'Pune', documents: 1 },
      { month: '2023-06', district: 'Surat', documents: 1 },
      { month: '2024-08', district: 'Pune', documents: 1 },
      { month: '2024-09', district: 'Pune', documents: 1 },
    ]);
    expect(await s.graph.trends({ sectionIds: ['IPC:34', 'BNS:103'], dateFrom: '2023-06-01' })).toEqual([
      { month: '2023-06', district: 'Surat', documents: 1 },
      { month: '2024-08', district: 'Pune', documents: 1 },
    ]);
    expect(await s.graph.trends({ sectionIds: ['IPC:302'], access: { all: false, openTypes: [], districts: ['pune'] }, types: ['FIR'] }))
      .toEqual([{ month: '2023-05', district: 'Pune', documents: 1 }]);
  });

  it('finds the shortest path between two sections, the same one on both graphs', async () => {
    const all = { maxHops: 4, viaEquivalents: true };
    expect(await s.graph.shortestPath('IPC:302', 'BNS:103', all)).toEqual({ ids: ['IPC:302', 'BNS:103'] });
    // IPC:34 is reached through c1 and c2; the code-point-smallest path goes through c1.
    expect(await s.graph.shortestPath('BNS:103', 'IPC:34', all)).toEqual({ ids: ['BNS:103', 'IPC:302', 'c1', 'IPC:34'] });
    expect(await s.graph.shortestPath('BNS:103', 'IPC:34', { ...all, viaEquivalents: false })).toBeNull();
    expect(await s.graph.shortestPath('IPC:34', 'IPC:379', all)).toEqual({ ids: ['IPC:34', 'c2', 'IPC:379'] });
    expect(await s.graph.shortestPath('IPC:34', 'IPC:379', { ...all, access: { all: false, openTypes: [], districts: ['pune'] } })).toBeNull();
    expect(await s.graph.shortestPath('BNS:303', 'IPC:34', { ...all, maxHops: 2 })).toBeNull();
    expect(await s.graph.shortestPath('BNS:303', 'IPC:34', all)).toEqual({ ids: ['BNS:303', 'IPC:379', 'c2', 'IPC:34'] });
    expect(await s.graph.shortestPath('IPC:302', 'IPC:302', all)).toEqual({ ids: ['IPC:302'] });
    expect(await s.graph.shortestPath('IPC:302', 'IPC:9999', all)).toBeNull();
  });

  it('syncs and deletes documents in batches', async () => {
    await s.graph.syncDocuments([gdoc('b1', '2024-01-01', 'Pune', ['IPC:379']), gdoc('b2', '2024-01-02', 'Surat', ['IPC:379', 'IPC:34'])]);
    expect((await s.graph.citedBy('IPC:379', {}, 0, 10)).documents.map((d) => d.id)).toEqual(['b2', 'b1', 'c2']);
    await s.graph.syncDocuments([gdoc('b2', '2024-01-02', 'Surat', ['IPC:34'])]);
    expect(await s.graph.citationsOf(['b2'])).toEqual([{ documentId: 'b2', sectionId: 'IPC:34', inferred: false }]);
    await s.graph.deleteDocuments(['b1', 'b2', 'missing']);
    expect(await s.graph.documentIds()).toEqual(['c1', 'c2', 'c3', 'c4']);
  });

  it('re-syncing a document replaces its edges, and deleting removes them', async () => {
    await s.graph.syncDocument(gdoc('c2', '2023-06-01', 'Surat', ['IPC:379']));
    expect(await s.graph.coCited('IPC:302', 5)).toEqual([{ sectionId: 'IPC:34', count: 1 }]);
    await s.graph.deleteDocument('c2');
    expect((await s.graph.citedBy('IPC:379', {}, 0, 10)).total).toBe(0);
    expect((await s.graph.counts()).documents).toBe(3);
  });
});
