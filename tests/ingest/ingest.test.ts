import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../../src/app/app';
import type { DocumentInput } from '../../src/domain/document.types';
import { describeEachProfile } from '../support/profiles';
import { closeIngestApp, openIngestApp, storeState } from '../support/ingest-app';

const caseFile = (lang: string, id: string): DocumentInput =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../seeds/cases', lang, `${id}.json`), 'utf8'));

const fir = (over: Partial<DocumentInput> = {}): DocumentInput => ({
  id: 'fir-test-1', type: 'FIR', title: 'FIR 11/2023 – murder at the market', date: '2023-11-02', district: 'Pune', policeStation: 'Kothrud',
  sectionsCited: ['IPC 302', 'IPC 34'],
  parts: [
    { name: 'complainant', text: 'Suresh Patil, 45, shopkeeper, Kothrud, Pune.' },
    { name: 'incident', text: 'At about 22:30 two men attacked Ramesh Patil with a knife near the vegetable market. He died on the way to hospital. Offence registered u/s 302, 34 IPC.' },
    { name: 'evidence', text: 'Blood-stained knife seized under panchnama. CCTV footage of the market collected.' },
    { name: 'accused', text: 'Two unknown men aged about 25-30.' },
  ],
  ...over,
});

describeEachProfile('ingestion end to end (%s)', (profile) => {
  let app: App;
  beforeAll(async () => {
    app = await openIngestApp(profile);
  });
  afterAll(() => closeIngestApp(app));

  it('ingests a document into every store: chunks, vectors and CITES edges', async () => {
    const [r] = await app.ingest.ingest([fir()]);
    expect(r).toMatchObject({ status: 'CREATED', id: 'fir-test-1', chunks: 4, sections: ['IPC:302', 'IPC:34'], error: null });
    expect(await storeState(app, 'fir-test-1')).toEqual({
      exists: true, hash: expect.any(String), chunks: ['fir-test-1#0', 'fir-test-1#1', 'fir-test-1#2', 'fir-test-1#3'],
      inVector: true, cites: ['IPC:302', 'IPC:34'],
    });
    expect(await app.stores.vector.count()).toBe(4);
    expect((await app.stores.documents.counts()).pending).toBe(0);
  });

  it('re-ingesting an unchanged document changes nothing', async () => {
    const before = await storeState(app, 'fir-test-1');
    const [r] = await app.ingest.ingest([fir()]);
    expect(r.status).toBe('UNCHANGED');
    expect(await storeState(app, 'fir-test-1')).toEqual(before);
    expect(await app.stores.vector.count()).toBe(4);
  });

  it('a changed document replaces its chunks and edges everywhere', async () => {
    const changed = fir({ sectionsCited: ['IPC 304'], parts: [{ name: 'incident', text: 'The victim died of injuries caused without intention to kill; u/s 304 IPC.' }] });
    const [r] = await app.ingest.ingest([changed]);
    expect(r.status).toBe('UPDATED');
    expect(await storeState(app, 'fir-test-1')).toMatchObject({ chunks: ['fir-test-1#0'], inVector: true, cites: ['IPC:304'] });
    expect(await app.stores.vector.count()).toBe(1);
  });

  it('infers the code from the date when the text names none, and marks the edge inferred', async () => {
    const [before, after] = await app.ingest.ingest([
      { type: 'FIR', title: 'old', date: '2024-06-30', parts: [{ name: 'incident', text: 'Mobile phone stolen, offence u/s 379.' }] },
      { type: 'FIR', title: 'new', date: '2024-07-01', parts: [{ name: 'incident', text: 'Mobile phone stolen, offence under section 303(2).' }] },
    ]);
    expect((await storeState(app, before.id!)).cites).toEqual(['IPC:379*']);
    expect((await storeState(app, after.id!)).cites).toEqual(['BNS:303*']);
  });

  it('ingests sample cases in Hindi and Gujarati with their citations', async () => {
    const results = await app.ingest.ingest([caseFile('hi', 'fir-hi-001'), caseFile('gu', 'fir-gu-001')]);
    for (const r of results) {
      expect(r.status).toBe('CREATED');
      expect(r.sections.length).toBeGreaterThan(0);
    }
    const [hi, gu] = await app.stores.documents.getDocuments(['fir-hi-001', 'fir-gu-001']).then((d) => d.sort((a, b) => a.id.localeCompare(b.id)).reverse());
    expect(hi.language).toBe('hi');
    expect(gu.language).toBe('gu');
  });

  it('fails one bad document alone and leaves what is stored untouched', async () => {
    const before = await storeState(app, 'fir-test-1');
    const results = await app.ingest.ingest([
      { ...fir(), parts: [{ name: 'incident', text: '' }] },
      { type: 'MEMO', title: 'x', text: 'y' },
      { type: 'SOP', title: 'junk', text: '\u0000\u0001\uFFFD'.repeat(50) },
      { type: 'SOP', title: 'night patrol circular', text: 'Night patrols must log every stop in the beat book.' },
    ]);
    expect(results.map((r) => r.status)).toEqual(['FAILED', 'FAILED', 'FAILED', 'CREATED']);
    expect(results[0].error).toMatchObject({ code: 'INVALID_DOCUMENT', message: expect.stringContaining('incident') });
    expect(results[1].error?.message).toContain('type');
    expect(results[2].error?.message).toContain('binary');
    expect(await storeState(app, 'fir-test-1')).toEqual(before);
  });

  it('warns about an unknown section and links only the known ones', async () => {
    const [r] = await app.ingest.ingest([fir({ id: 'fir-test-2', sectionsCited: ['IPC 999', 'IPC 302'] })]);
    expect(r.warnings).toContain('unknown section IPC:999 was not linked');
    expect((await storeState(app, 'fir-test-2')).cites).toEqual(['IPC:302', 'IPC:34']);
  });

  it('deleting removes the document from every store', async () => {
    expect(await app.ingest.delete('fir-test-2')).toBe(true);
    expect(await storeState(app, 'fir-test-2')).toEqual({ exists: false, hash: null, chunks: [], inVector: false, cites: [] });
    expect(await app.ingest.delete('fir-test-2')).toBe(false);
  });

  it('reports progress per group', async () => {
    const events: { done: number; finished: boolean }[] = [];
    const docs = Array.from({ length: 5 }, (_, i) => ({ type: 'SOP' as const, title: `circular ${i}`, text: `Circular number ${i} on beat patrols.` }));
    await app.ingest.ingest(docs, { groupSize: 2, onProgress: (p) => events.push({ done: p.done, finished: p.finished }) });
    expect(events).toEqual([{ done: 2, finished: false }, { done: 4, finished: false }, { done: 5, finished: false }, { done: 5, finished: true }]);
  });

  // A group's index update runs while the next group is saved: a group is reported done only once it is indexed.
  it('reports a group done only once its documents are in the vector index and the graph', async () => {
    const docs = Array.from({ length: 6 }, (_, i) => ({ id: `prog-${i}`, type: 'SOP' as const, title: `order ${i}`, text: `Standing order ${i} on night patrols u/s 303 BNS.` }));
    const checks: Promise<{ done: number; indexed: boolean[] }>[] = [];
    const results = await app.ingest.ingest(docs, {
      groupSize: 2,
      onProgress: (p) => {
        const ids = docs.slice(0, p.done).map((d) => d.id);
        checks.push(Promise.all(ids.map(async (id) => {
          const s = await storeState(app, id);
          return s.inVector && s.cites.includes('BNS:303');
        })).then((indexed) => ({ done: p.done, indexed })));
      },
    });
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('CREATED'));
    const seen = await Promise.all(checks);
    expect(seen.map((c) => c.done)).toEqual([2, 4, 6, 6]);
    for (const c of seen) expect(c.indexed).toEqual(Array(c.done).fill(true));
    for (const d of docs) await app.ingest.delete(d.id);
  });

  it('saves a group in one transaction, and when the store refuses one document the others are still saved', async () => {
    // A real store error for one document only: a trigger in this test's own schema.
    const sql = app.stores.sql;
    await sql.exec(`CREATE OR REPLACE FUNCTION "${sql.schema}".refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'poison' THEN RAISE EXCEPTION 'poisoned document'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_poison BEFORE INSERT ON "${sql.schema}".documents FOR EACH ROW EXECUTE FUNCTION "${sql.schema}".refuse_poison();`);
    try {
      const docs = ['alpha', 'poison', 'gamma'].map((title) => ({ id: `grp-${title}`, type: 'SOP' as const, title, text: `Circular ${title} on night patrols.` }));
      const results = await app.ingest.ingest(docs);
      expect(results.map((r) => [r.id, r.status, r.error?.code ?? null])).toEqual([
        ['grp-alpha', 'CREATED', null], ['grp-poison', 'FAILED', 'STORE_UNAVAILABLE'], ['grp-gamma', 'CREATED', null]]);
      expect((await storeState(app, 'grp-gamma')).inVector).toBe(true);
      expect(await storeState(app, 'grp-poison')).toMatchObject({ exists: false, chunks: [] });
      // Without the poison the group goes in one transaction: both saved, each once.
      const [a, g] = await app.ingest.ingest([{ ...docs[0], text: 'Changed alpha.' }, { ...docs[2], text: 'Changed gamma.' }]);
      expect([a.status, g.status]).toEqual(['UPDATED', 'UPDATED']);
      expect((await app.stores.documents.chunksOfDocuments(['grp-alpha', 'grp-gamma'])).map((c) => c.text)).toEqual(['Changed alpha.', 'Changed gamma.']);
    } finally {
      await sql.exec(`DROP TRIGGER IF EXISTS refuse_poison ON "${sql.schema}".documents`);
      for (const id of ['grp-alpha', 'grp-gamma']) await app.ingest.delete(id);
    }
  });
});
