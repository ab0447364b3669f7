import { loadStatuteGraph } from '../../src/seeds/seed';
import type { DocumentInput } from '../../src/domain/document.types';
import { describeEachProfile } from '../support/profiles';
import { WriteRefused } from '../../src/stores/documents/document.store';
import { startTestServer, type TestServer } from '../support/server';

const fir = (id: string, district: string, sections: string[], text: string): DocumentInput => ({
  id, type: 'FIR', title: `FIR ${id}`, language: 'en', date: '2023-03-14', district, policeStation: `${district} City`, sectionsCited: sections,
  parts: [{ name: 'incident', text }],
});

const SURAT = fir('fir-surat-1', 'Surat', ['IPC 379', 'IPC 34'],
  'At night two accused jointly stole a blue tempo loaded with cotton bales from the Varachha godown and drove it towards the highway.');
const PUNE = fir('fir-pune-1', 'Pune', ['IPC 379', 'IPC 411'],
  'A blue tempo carrying cotton bales was stolen from the Hadapsar market yard; the stolen tempo was later found with a receiver.');
const RULING: DocumentInput = {
  id: 'ruling-1', type: 'COURT_RULING', title: 'State v. Tempo Owner', language: 'en', date: '2019-01-10', court: 'Supreme Court of India',
  sectionsCited: ['IPC 379'], text: 'Theft of a tempo under section 379 of the Indian Penal Code requires dishonest intention to take movable property.',
};

const SOP: DocumentInput = {
  id: 'sop-1', type: 'SOP', title: 'SOP on vehicle theft', language: 'en', date: '2024-08-01', authority: 'SOP',
  text: 'On a report of a stolen vehicle, register the FIR at once and circulate the registration number to every station.',
};

const ids = (xs: { id?: string; documentId?: string }[]) => xs.map((x) => x.id ?? x.documentId);

/** An investigator of Pune must not see Surat's FIR through search, ask, the graph API, subscriptions or caches. */
describeEachProfile('access control inside the stores (%s)', (profile) => {
  let t: TestServer;
  let pune: Record<string, string>;
  beforeAll(async () => {
    t = await startTestServer(profile, { RERANKER_MODEL: 'none' });
    await loadStatuteGraph(t.app.stores.graph, t.app.catalogue);
    const results = await t.app.ingest.ingest([SURAT, PUNE, RULING, SOP]);
    expect(results.map((r) => r.status)).toEqual(['CREATED', 'CREATED', 'CREATED', 'CREATED']);
    pune = { authorization: `Bearer ${await t.token('INVESTIGATOR', ['Pune'])}` };
  });
  afterAll(() => t.close());

  const SEARCH = `query($q: String!, $f: SearchFilterInput) { search(input: { query: $q, topK: 10, filter: $f }) { hits { document { id district } } } }`;
  type Hits = { search: { hits: { document: { id: string; district: string | null } }[] } };

  it('search: an admin sees both districts, the Pune investigator never Surat, even from the cache', async () => {
    const admin = await t.gql<Hits>(SEARCH, { q: 'stolen blue tempo cotton bales' });
    expect(admin.body.data!.search.hits.map((h) => h.document.id)).toEqual(expect.arrayContaining(['fir-surat-1', 'fir-pune-1']));
    // Same query again, now cached for the admin: the investigator must get their own, scoped result.
    const mine = await t.gql<Hits>(SEARCH, { q: 'stolen blue tempo cotton bales' }, pune);
    const seen = mine.body.data!.search.hits.map((h) => h.document.id);
    expect(seen).toContain('fir-pune-1');
    expect(seen).not.toContain('fir-surat-1');
    const asked = await t.gql<Hits>(SEARCH, { q: 'Varachha godown', f: { districts: ['Surat'] } }, pune);
    expect(asked.body.data!.search.hits).toEqual([]);
    const anonymous = await t.gql<Hits>(SEARCH, { q: 'stolen tempo' }, { authorization: '' });
    // Bare-act sections on theft answer it; no FIR may.
    expect(anonymous.body.data!.search.hits.length).toBeGreaterThan(0);
    expect(anonymous.body.data!.search.hits.every((h) => !h.document.id.startsWith('fir-'))).toBe(true);
  });

  it('ask and askStream answer only from visible documents', async () => {
    const ASK = `query($q: String!) { ask(input: { query: $q }) { sources { documentId } } }`;
    const answer = await t.gql<{ ask: { sources: { documentId: string }[] } }>(ASK, { q: 'blue tempo stolen from godown' }, pune);
    expect(answer.body.errors).toBeUndefined();
    expect(ids(answer.body.data!.ask.sources)).toContain('fir-pune-1');
    expect(ids(answer.body.data!.ask.sources)).not.toContain('fir-surat-1');
    const ws = t.ws({ authorization: pune.authorization });
    const events: { kind: string; sources?: { documentId: string }[] }[] = [];
    await new Promise<void>((resolve, reject) => ws.subscribe(
      { query: `subscription { askStream(input: { query: "blue tempo stolen from godown" }) { kind sources { documentId } } }` },
      { next: (m) => events.push((m.data as { askStream: { kind: string } }).askStream), error: reject, complete: resolve },
    ));
    const streamed = events.flatMap((e) => e.sources ?? []).map((s) => s.documentId);
    expect(events.map((e) => e.kind)).toContain('DONE');
    expect(streamed).toContain('fir-pune-1');
    expect(streamed).not.toContain('fir-surat-1');
  });

  it('document, documents and similar leave the other district out', async () => {
    const one = await t.gql(`{ document(id: "fir-surat-1") { id } }`, {}, pune);
    expect(one.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const list = await t.gql<{ documents: { totalCount: number; edges: { node: { id: string } }[] } }>(`{ documents(first: 50) { totalCount edges { node { id } } } }`, {}, pune);
    expect(list.body.data!.documents.edges.map((e) => e.node.id).sort()).toEqual(['fir-pune-1', 'ruling-1', 'sop-1']);
    expect(list.body.data!.documents.totalCount).toBe(3);
    const similar = await t.gql<{ document: { similar: { id: string }[] } }>(`{ document(id: "fir-pune-1") { similar(limit: 5) { id } } }`, {}, pune);
    expect(ids(similar.body.data!.document.similar)).not.toContain('fir-surat-1');
  });

  it('citedBy, coCited, caseSectionGraph, sectionPath and sectionTrends never reach Surat', async () => {
    const S = `{ section(code: IPC, number: "379") { citedBy(first: 20) { totalCount edges { node { id } } } coCited(limit: 10) { section { id } } } }`;
    const sec = await t.gql<{ section: { citedBy: { totalCount: number; edges: { node: { id: string } }[] }; coCited: { section: { id: string } }[] } }>(S, {}, pune);
    expect(sec.body.data!.section.citedBy.edges.map((e) => e.node.id).sort()).toEqual(['fir-pune-1', 'ruling-1']);
    expect(sec.body.data!.section.citedBy.totalCount).toBe(2);
    expect(sec.body.data!.section.coCited.map((c) => c.section.id)).toEqual(['IPC:411']); // IPC 34 is only in Surat's FIR

    const G = `query($ids: [String!]!) { caseSectionGraph(start: { ids: $ids, depth: 2 }) { nodes { id } } }`;
    const graph = await t.gql<{ caseSectionGraph: { nodes: { id: string }[] } }>(G, { ids: ['IPC:379'] }, pune);
    const nodes = graph.body.data!.caseSectionGraph.nodes.map((n) => n.id);
    expect(nodes).toEqual(expect.arrayContaining(['fir-pune-1', 'IPC:411']));
    expect(nodes).not.toContain('fir-surat-1');
    expect(nodes).not.toContain('IPC:34');
    const fromSurat = await t.gql<{ caseSectionGraph: { nodes: unknown[] } }>(G, { ids: ['fir-surat-1'] }, pune);
    expect(fromSurat.body.data!.caseSectionGraph.nodes).toEqual([]);

    const P = `{ sectionPath(from: "IPC 34", to: "IPC 411") { found hops nodes { id kind } } }`;
    const adminPath = await t.gql<{ sectionPath: { found: boolean; hops: number; nodes: { id: string }[] } }>(P);
    expect(adminPath.body.data!.sectionPath).toMatchObject({ found: true, hops: 4 });
    expect(ids(adminPath.body.data!.sectionPath.nodes)).toEqual(['IPC:34', 'fir-surat-1', 'IPC:379', 'fir-pune-1', 'IPC:411']);
    const punePath = await t.gql<{ sectionPath: { found: boolean } }>(P, {}, pune);
    expect(punePath.body.data!.sectionPath).toEqual({ found: false, hops: null, nodes: [] });

    const T = `{ sectionTrends(filter: { sections: ["IPC 379"] }) { sections total points { month district documents } } }`;
    const adminTrends = await t.gql<{ sectionTrends: { total: number; sections: string[] } }>(T);
    expect(adminTrends.body.data!.sectionTrends).toMatchObject({ total: 3, sections: ['IPC:379', 'BNS:303'] });
    const puneTrends = await t.gql<{ sectionTrends: { total: number; points: { district: string }[] } }>(T, {}, pune);
    expect(puneTrends.body.data!.sectionTrends.total).toBe(2);
    expect(puneTrends.body.data!.sectionTrends.points.map((p) => p.district)).not.toContain('Surat');
  });

  it('records what the access hid in the audit log', async () => {
    await t.gql(SEARCH, { q: 'Varachha godown tempo' }, pune);
    await new Promise((r) => setTimeout(r, 300)); // audit rows are written after the response
    const rows = await t.app.audit.recent(50);
    const search = rows.find((r) => r.operation === 'search' && r.query === 'Varachha godown tempo');
    expect(search).toMatchObject({ principal: 'jwt:nyaya-graph:test-investigator-Pune', role: 'INVESTIGATOR' });
    expect(search!.hidden).toBeGreaterThanOrEqual(1);
    expect(rows.some((r) => r.operation === 'citedBy' && r.hidden === 1)).toBe(true);
    const viaApi = await t.gql<{ auditLog: { principal: string; hidden: number }[] }>(`{ auditLog(limit: 5) { principal operation hidden } }`);
    expect(viaApi.body.data!.auditLog.length).toBeGreaterThan(0);
    expect((await t.gql(`{ auditLog { hidden } }`, {}, pune)).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('writes: the investigator ingests only for Pune, never over Surat\'s FIR, and cannot delete', async () => {
    const M = `mutation($d: IngestDocumentInput!) { ingestDocument(input: $d) { id status } }`;
    const over = await t.gql(M, { d: { ...SURAT, district: 'Pune', parts: [{ name: 'incident', text: 'overwritten' }] } }, pune);
    expect(over.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const elsewhere = await t.gql(M, { d: { ...PUNE, id: 'fir-surat-2', district: 'Surat' } }, pune);
    expect(elsewhere.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const anonymous = await t.gql(M, { d: PUNE }, { authorization: '' });
    expect(anonymous.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const del = await t.gql(`mutation { deleteDocument(id: "fir-pune-1") }`, {}, pune);
    expect(del.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const [surat] = await t.app.stores.documents.getDocuments(['fir-surat-1']);
    expect(surat.district).toBe('Surat');
  });

  it('writes: an investigator never replaces a ruling, an SOP or a bare-act section, though everyone can see them', async () => {
    const M = `mutation($d: IngestDocumentInput!) { ingestDocument(input: $d) { id status } }`;
    await loadBareAct(t);
    for (const id of ['ruling-1', 'sop-1', 'act-ipc-379']) {
      const res = await t.gql(M, { d: { ...PUNE, id } }, pune);
      expect(res.body.errors?.[0]).toMatchObject({ message: `The id "${id}" is not available to this caller; choose another id, or leave it out to have one derived`, extensions: { code: 'FORBIDDEN' } });
      const batch = await t.gql<{ ingestDocuments: { failed: number; results: { id: string; error: { code: string } }[] } }>(
        `mutation($d: [IngestDocumentInput!]!) { ingestDocuments(inputs: $d) { failed results { id error { code } } } }`, { d: [{ ...PUNE, id }] }, pune);
      expect(batch.body.data!.ingestDocuments.results).toEqual([{ id, error: { code: 'FORBIDDEN' } }]);
    }
    const stored = await t.app.stores.documents.getDocuments(['ruling-1', 'sop-1', 'act-ipc-379']);
    expect(stored.map((d) => [d.id, d.type, d.district]).sort()).toEqual([
      ['act-ipc-379', 'BARE_ACT_SECTION', null], ['ruling-1', 'COURT_RULING', null], ['sop-1', 'SOP', null]]);
    const publicView = await t.gql<{ document: { id: string } }>(`{ document(id: "ruling-1") { id } }`, {}, { authorization: '' });
    expect(publicView.body.data!.document.id).toBe('ruling-1');
    // Its own district's FIR it may still replace.
    const own = await t.gql<{ ingestDocument: { status: string } }>(M, { d: { ...PUNE, parts: [{ name: 'incident', text: `${PUNE.parts![0].text} Updated.` }] } }, pune);
    expect(own.body.data!.ingestDocument.status).toBe('UPDATED');
  });

  it('writes: the store itself refuses a guarded save over a document the guard does not cover', async () => {
    const [ruling] = await t.app.stores.documents.getDocuments(['ruling-1']);
    const forged = { ...ruling, type: 'FIR' as const, district: 'Pune', contentHash: 'forged' };
    await expect(t.app.stores.documents.save(forged, [], [], { types: ['FIR'], districts: ['pune'] })).rejects.toBeInstanceOf(WriteRefused);
    const [after] = await t.app.stores.documents.getDocuments(['ruling-1']);
    expect(after).toMatchObject({ type: 'COURT_RULING', contentHash: ruling.contentHash });
    expect((await t.app.stores.documents.chunksOfDocuments(['ruling-1'])).length).toBeGreaterThan(0);
  });

  it('writes: an invalid document gets the same answer whether its id is another district\'s or free', async () => {
    const M = `mutation($d: IngestDocumentInput!) { ingestDocument(input: $d) { id status } }`;
    const invalid = (id: string) => ({ id, type: 'FIR', title: 'x', district: 'Pune', parts: [{ name: 'complainant', text: 'no incident part' }] });
    const taken = await t.gql(M, { d: invalid('fir-surat-1') }, pune);
    const free = await t.gql(M, { d: invalid('fir-never-used-7') }, pune);
    expect(taken.body.errors?.[0].extensions?.code).toBe('INVALID_DOCUMENT');
    expect(free.body.errors?.[0].extensions?.code).toBe('INVALID_DOCUMENT');
    expect(taken.body.errors?.[0].message).toBe(free.body.errors?.[0].message);
    // Valid ones: another district's id and a ruling's id are refused in the same words.
    const valid = (id: string) => ({ ...PUNE, id });
    const hidden = (await t.gql(M, { d: valid('fir-surat-1') }, pune)).body.errors?.[0].message;
    const visible = (await t.gql(M, { d: valid('ruling-1') }, pune)).body.errors?.[0].message;
    expect(hidden?.replace('fir-surat-1', 'ID')).toBe(visible?.replace('ruling-1', 'ID'));
  });

  it('expandCoCited counts only co-citations in documents the caller may see', async () => {
    const Q = `{ search(input: { query: "IPC 379", expandCoCited: true, rerank: false }) { expansion { sections { id reason } } } }`;
    type Exp = { search: { expansion: { sections: { id: string; reason: string }[] } } };
    const coCited = (r: { body: { data?: Exp } }) => r.body.data!.search.expansion.sections.filter((x) => x.reason === 'CO_CITED').map((x) => x.id).sort();
    // IPC 34 and IPC 411 are cited beside IPC 379 only in the two FIRs; the ruling cites 379 alone.
    expect(coCited(await t.gql<Exp>(Q))).toEqual(expect.arrayContaining(['IPC:34', 'IPC:411']));
    expect(coCited(await t.gql<Exp>(Q, {}, pune))).toEqual(['IPC:411']);
    expect(coCited(await t.gql<Exp>(Q, {}, { authorization: '' }))).toEqual([]);
    const section = await t.gql<{ section: { coCited: unknown[] } }>(`{ section(code: IPC, number: "379") { coCited(limit: 10) { section { id } } } }`, {}, { authorization: '' });
    expect(section.body.data!.section.coCited).toEqual([]);
  });
});

/** One bare-act section stored as a document, as the seed stores them. */
async function loadBareAct(t: TestServer): Promise<void> {
  const [r] = await t.app.ingest.ingest([{
    id: 'act-ipc-379', type: 'BARE_ACT_SECTION', title: 'IPC 379 Punishment for theft', language: 'en', authority: 'ACT',
    statute: { code: 'IPC', number: '379' }, text: 'Whoever commits theft shall be punished with imprisonment of either description for a term which may extend to three years.',
  }]);
  expect(['CREATED', 'UNCHANGED']).toContain(r.status);
}
