import type { Stores } from '../../src/stores/open-stores';
import { dropTestStores, openTestStores, describeEachProfile } from '../support/profiles';
import { axis, chunk, doc, DIMS } from './fixtures';

/** The same expectations for both profiles: PGlite (embedded) and PostgreSQL + Chroma (services). */
describeEachProfile('document store, keyword and vector index contract (%s)', (profile) => {
  let s: Stores;
  beforeAll(async () => {
    s = await openTestStores(profile, DIMS);
  });
  afterAll(() => dropTestStores(s));

  const vectorItems = (chunks: ReturnType<typeof chunk>[]) =>
    chunks.map((c) => ({
      id: c.id, documentId: c.documentId, embedding: c.embedding!,
      metadata: { documentType: c.documentType, language: c.language, date: c.date, district: c.district, sectionId: c.sectionId, sections: c.sections },
    }));

  it('saves a document with its chunks and queues outbox work in the same transaction', async () => {
    const d = doc('d1', { sections: ['IPC:302'] });
    await s.documents.save(d, [chunk('d1', 0, 'The accused stabbed the victim'), chunk('d1', 1, 'A knife was seized')], ['vector', 'graph']);
    const [stored] = await s.documents.getDocuments(['d1']);
    expect(stored).toMatchObject({ id: 'd1', type: 'FIR', district: 'Pune', date: '2024-03-01', sections: ['IPC:302'] });
    const chunks = await s.documents.chunksOfDocuments(['d1'], true);
    expect(chunks.map((c) => c.id)).toEqual(['d1#0', 'd1#1']);
    expect(Array.from(chunks[0].embedding!)).toEqual(Array.from(axis(0)));
    const pending = await s.documents.pendingOutbox(10);
    expect(pending.map((p) => `${p.documentId}:${p.target}`).sort()).toEqual(['d1:graph', 'd1:vector']);
  });

  it('re-saving replaces chunks instead of adding to them, and an outbox entry completes only once', async () => {
    const [entry] = (await s.documents.pendingOutbox(10)).filter((p) => p.target === 'vector');
    await s.documents.save(doc('d1', { contentHash: 'hash-2' }), [chunk('d1', 0, 'Only one chunk now')], ['vector']);
    expect((await s.documents.chunksOfDocuments(['d1'])).map((c) => c.text)).toEqual(['Only one chunk now']);
    // The entry read before the re-save is stale: completing it must not drop the newer work.
    await s.documents.completeOutbox(entry);
    expect((await s.documents.pendingOutbox(10)).filter((p) => p.target === 'vector')).toHaveLength(1);
    for (const e of await s.documents.pendingOutbox(10)) await s.documents.completeOutbox(e);
    expect(await s.documents.counts()).toEqual({ documents: 1, chunks: 1, pending: 0 });
  });

  it('saves a group in one transaction: all of it, or (a refused document) none of it', async () => {
    await s.documents.save(doc('g2', { contentHash: 'old', district: 'Surat' }), [chunk('g2', 0, 'old one'), chunk('g2', 1, 'old two')], []);
    await s.documents.saveMany([
      { doc: doc('g1'), chunks: [chunk('g1', 0, 'first of g1'), chunk('g1', 1, 'second of g1')], replaces: false },
      { doc: doc('g2', { contentHash: 'new', district: 'Surat' }), chunks: [chunk('g2', 0, 'new g2')], replaces: true },
    ], ['vector']);
    expect((await s.documents.chunksOfDocuments(['g1', 'g2'])).map((c) => c.id)).toEqual(['g1#0', 'g1#1', 'g2#0']);
    expect((await s.documents.pendingOutbox(10)).map((p) => `${p.documentId}:${p.target}`).sort()).toEqual(['g1:vector', 'g2:vector']);
    // g2 is a Surat FIR: a Pune-only guard refuses it, and g3, saved with it, is not stored either.
    await expect(s.documents.saveMany([
      { doc: doc('g3'), chunks: [chunk('g3', 0, 'g3')], replaces: false },
      { doc: doc('g2', { contentHash: 'newer' }), chunks: [chunk('g2', 0, 'newer g2')], replaces: true },
    ], ['vector'], { types: ['FIR'], districts: ['Pune'] })).rejects.toMatchObject({ documentId: 'g2' });
    expect(await s.documents.getDocuments(['g3'])).toEqual([]);
    expect((await s.documents.chunksOfDocuments(['g2'])).map((c) => c.text)).toEqual(['new g2']);
    for (const id of ['g1', 'g2']) await s.documents.delete(id, []);
    for (const e of await s.documents.pendingOutbox(10)) await s.documents.completeOutbox(e);
  });

  it('deleting a document removes its chunks and queues removal', async () => {
    expect(await s.documents.delete('d1', ['vector', 'graph'])).toBe(true);
    expect(await s.documents.delete('d1', ['vector', 'graph'])).toBe(false);
    expect(await s.documents.counts()).toEqual({ documents: 0, chunks: 0, pending: 2 });
    for (const e of await s.documents.pendingOutbox(10)) await s.documents.completeOutbox(e);
  });

  describe('keyword index', () => {
    beforeAll(async () => {
      await s.documents.save(doc('k1'), [chunk('k1', 0, 'The accused murdered the shopkeeper with a knife near the market')], []);
      await s.documents.save(doc('k2', { district: 'Surat', language: 'gu', date: '2024-09-10' }), [
        chunk('k2', 0, 'આરોપીએ છરી વડે ખૂન કર્યું', { language: 'gu', district: 'Surat', date: '2024-09-10' }),
      ], []);
      await s.documents.save(doc('k3', { type: 'BARE_ACT_SECTION', authority: 'ACT' }), [
        chunk('k3', 0, 'Whoever commits murder shall be punished with death or imprisonment for life', {
          documentType: 'BARE_ACT_SECTION', heading: 'IPC s. 302 Punishment for murder हत्या के लिए दण्ड', sectionId: 'IPC:302',
        }),
      ], []);
      await s.documents.save(doc('k4', { language: 'hi', district: 'Lucknow' }), [
        chunk('k4', 0, 'मुल्जिम ने चाकू से हत्या की', { language: 'hi', district: 'Lucknow', sections: ['IPC:302'] }),
      ], []);
    });

    it('matches English words through stemming, ranked by term weight', async () => {
      const hits = await s.keyword.search({ terms: ['murder', 'knife'], phrases: [] }, 10);
      expect(hits.map((h) => h.chunkId)).toEqual(['k1#0', 'k3#0']);
    });

    it('matches Devanagari and Gujarati words whole', async () => {
      expect((await s.keyword.search({ terms: ['हत्या'], phrases: [] }, 10)).map((h) => h.chunkId).sort()).toEqual(['k3#0', 'k4#0']);
      expect((await s.keyword.search({ terms: ['ખૂન'], phrases: [] }, 10)).map((h) => h.chunkId)).toEqual(['k2#0']);
    });

    it('finds headings by trigram word similarity', async () => {
      const hits = await s.keyword.search({ terms: [], phrases: ['हत्या के लिए दंड'] }, 10);
      expect(hits[0]?.chunkId).toBe('k3#0');
    });

    it('applies filters inside the query', async () => {
      const ids = async (f: Parameters<Stores['keyword']['search']>[2]) =>
        (await s.keyword.search({ terms: ['murder', 'हत्या', 'ખૂન', 'knife'], phrases: [] }, 10, f)).map((h) => h.chunkId).sort();
      expect(await ids({ documentTypes: ['BARE_ACT_SECTION'] })).toEqual(['k3#0']);
      expect(await ids({ languages: ['hi', 'gu'] })).toEqual(['k2#0', 'k4#0']);
      expect(await ids({ districts: ['surat'] })).toEqual(['k2#0']);
      expect(await ids({ dateFrom: '2024-07-01' })).toEqual(['k2#0']);
      expect(await ids({ sections: ['IPC:302'] })).toEqual(['k3#0', 'k4#0']);
      expect(await ids({ codes: ['IPC'] })).toEqual(['k3#0']);
    });

    it('returns nothing for stop words only', async () => {
      expect(await s.keyword.search({ terms: ['the', 'of'], phrases: [] }, 10)).toEqual([]);
    });
  });

  describe('vector index', () => {
    const a = [chunk('v1', 0, 'a'), chunk('v1', 1, 'b', { sections: ['IPC:302', 'IPC:34'] })];
    const b = [chunk('v2', 2, 'c', { documentType: 'BARE_ACT_SECTION', sectionId: 'BNS:103', date: '2024-08-01', district: null })];

    it('upserts, queries by cosine similarity and re-upserts without duplicates', async () => {
      await s.vector.replaceDocument('v1', vectorItems(a));
      await s.vector.replaceDocument('v2', vectorItems(b));
      await s.vector.replaceDocument('v1', vectorItems(a));
      expect(await s.vector.count()).toBe(3);
      const q = axis(1).map((x, i) => x + (i === 0 ? 0.3 : 0));
      const hits = await s.vector.query(q, 3);
      expect(hits.map((h) => h.chunkId)).toEqual(['v1#1', 'v1#0', 'v2#2']);
      expect(hits[0].score).toBeGreaterThan(0.9);
      expect(hits[0].documentId).toBe('v1');
    });

    it('removes chunks a document no longer has', async () => {
      await s.vector.replaceDocument('v1', vectorItems([a[1]]));
      expect((await s.vector.query(axis(0), 10)).map((h) => h.chunkId).sort()).toEqual(['v1#1', 'v2#2']);
      expect(await s.vector.documentIds()).toEqual(['v1', 'v2']);
    });

    it('replaces and deletes many documents per call', async () => {
      await s.vector.replaceDocuments([{ documentId: 'v1', items: vectorItems(a) }, { documentId: 'v3', items: vectorItems([chunk('v3', 5, 'e')]) }]);
      expect(await s.vector.documentIds()).toEqual(['v1', 'v2', 'v3']);
      expect(await s.vector.count()).toBe(4);
      await s.vector.replaceDocuments([{ documentId: 'v1', items: vectorItems([a[1]]) }]);
      await s.vector.deleteDocuments(['v3', 'missing']);
      expect((await s.vector.query(axis(0), 10)).map((h) => h.chunkId).sort()).toEqual(['v1#1', 'v2#2']);
    });

    it('filters by metadata inside the index', async () => {
      const ids = async (f: Parameters<Stores['vector']['query']>[2]) => (await s.vector.query(axis(2), 10, f)).map((h) => h.chunkId);
      expect(await ids({ documentTypes: ['FIR'] })).toEqual(['v1#1']);
      expect(await ids({ sections: ['IPC:34'] })).toEqual(['v1#1']);
      expect(await ids({ sections: ['BNS:103'] })).toEqual(['v2#2']);
      expect(await ids({ codes: ['BNS'] })).toEqual(['v2#2']);
      expect(await ids({ dateFrom: '2024-07-01', dateTo: '2024-12-31' })).toEqual(['v2#2']);
      expect(await ids({ districts: ['PUNE'] })).toEqual(['v1#1']);
    });

    it('deletes by document', async () => {
      await s.vector.deleteDocument('v1');
      expect(await s.vector.documentIds()).toEqual(['v2']);
    });
  });
});
