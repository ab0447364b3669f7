import { loadStatutes } from '../../src/seeds/statutes';
import { generateFirs } from '../../src/seeds/synthetic-fir';
import { SqlKeywordIndex } from '../../src/stores/keyword/keyword.index';
import { MemoryKeywordIndex } from '../../src/stores/keyword/memory-keyword.index';
import type { Stores } from '../../src/stores/open-stores';
import type { ChunkRecord, IndexHit, KeywordQuery, SearchFilter } from '../../src/stores/store.types';
import type { DocumentInput } from '../../src/domain/document.types';
import { dropTestStores, openTestStores, describeEachProfile } from '../support/profiles';
import { chunk, doc, DIMS } from './fixtures';

/**
 * The in-process keyword index must return what the SQL index returns — same chunks, same order, same
 * scores — on real statute text and synthetic FIRs in three languages, with every filter, on PGlite and on
 * PostgreSQL, and must follow every kind of write to the chunks table, from any connection.
 */

/** Documents as ingestion would store them (headings too), one chunk per part (the ranking code does not care how text was cut). */
function toRecords(d: DocumentInput, i: number): { id: string; chunks: ChunkRecord[]; meta: Parameters<typeof doc>[1] } {
  const id = d.id ?? `gen-${i}`;
  const parts = d.parts?.length ? d.parts : [{ name: 'text', text: d.text ?? '' }];
  const sectionId = d.statute ? `${d.statute.code}:${d.statute.number}` : null;
  const meta = { type: d.type, language: d.language ?? 'en', date: d.date ?? null, district: d.district ?? null, title: d.title };
  const chunks = parts.map((p, ord) => chunk(id, ord, p.text, {
    heading: d.statute ? d.title : `${d.title} — ${p.name}`, sectionId, documentType: d.type, language: d.language ?? 'en', date: d.date ?? null,
    district: d.district ?? null, sections: sectionId ? [sectionId] : (d.sectionsCited ?? []).slice(0, 2),
  }));
  return { id, chunks, meta };
}

const QUERIES: { q: KeywordQuery; filter?: SearchFilter }[] = [
  { q: { terms: ['punishment', 'murder'], phrases: ['punishment for murder'] } },
  { q: { terms: ['theft', 'motorcycle', 'night', 'house'], phrases: ['house breaking at night'] } },
  { q: { terms: ['cheating', 'dishonestly', 'inducing', 'delivery', 'property'], phrases: ['cheating'] } },
  { q: { terms: ['हत्या', 'सजा'], phrases: ['हत्या के लिए दंड'] } },
  { q: { terms: ['ચોરી', 'चोरी', 'સજા'], phrases: ['चोरी'] } },
  { q: { terms: ['u/s', '498-a', 'cruelty', 'husband'], phrases: [] } },
  { q: { terms: ['accused', 'complainant', 'police', 'station'], phrases: [] } },
  { q: { terms: [], phrases: ['criminal intimidation', 'dowry death'] } },
  // Hundreds of FIR headings match these: the heading bound has to prune most of them, and ties abound.
  { q: { terms: ['accused'], phrases: ['chain snatching', 'vehicle theft', 'kidnapping of a minor'] } },
  { q: { terms: [], phrases: ['chain snatching at'] }, filter: { documentTypes: ['FIR'] } },
  { q: { terms: ['theft', 'accused', 'stolen'], phrases: ['theft'] }, filter: { documentTypes: ['FIR'] } },
  { q: { terms: ['theft', 'accused', 'stolen'], phrases: [] }, filter: { languages: ['hi', 'gu'] } },
  { q: { terms: ['accused', 'fled', 'motorcycle'], phrases: [] }, filter: { districts: ['SURAT', 'pune'], dateFrom: '2023-01-01', dateTo: '2024-06-30' } },
  { q: { terms: ['punishment', 'imprisonment', 'fine'], phrases: ['punishment'] }, filter: { codes: ['BNS'] } },
  { q: { terms: ['punishment', 'theft'], phrases: [] }, filter: { sections: ['IPC:379', 'BNS:303'] } },
  { q: { terms: ['accused', 'knife'], phrases: [] }, filter: { access: { all: false, openTypes: ['BARE_ACT_SECTION'], districts: ['ahmedabad'] } } },
];

describeEachProfile('in-process keyword index (%s)', (profile) => {
  let s: Stores;
  let memory: MemoryKeywordIndex;
  let sql: SqlKeywordIndex;

  beforeAll(async () => {
    s = await openTestStores(profile, DIMS);
    memory = s.keyword as MemoryKeywordIndex;
    expect(memory).toBeInstanceOf(MemoryKeywordIndex);
    sql = new SqlKeywordIndex(s.sql);
    // A quarter of the statutes, and always the sections the filtered queries ask for (whatever the catalogue's order).
    const asked = new Set(['act-ipc-379', 'act-bns-303']);
    const acts = loadStatutes().bareActDocuments().filter((d, i) => i % 4 === 0 || asked.has(d.id!));
    const docs = [...acts, ...generateFirs(240, 7)];
    for (const [i, d] of docs.entries()) {
      const r = toRecords(d, i);
      await s.documents.save(doc(r.id, r.meta), r.chunks, []);
    }
    await memory.whenReady();
  }, 240_000);
  afterAll(() => dropTestStores(s));

  const same = (a: IndexHit[], b: IndexHit[]) => {
    expect(a.map((h) => h.chunkId)).toEqual(b.map((h) => h.chunkId));
    for (const [i, h] of a.entries()) expect(h.score).toBeCloseTo(b[i].score, 9);
  };

  it.each(QUERIES.map((x, i) => [i, x] as const))('query %i ranks as the SQL index does', async (_, { q, filter }) => {
    const fromSql = await sql.search(q, 20, filter);
    const fromMemory = await memory.search(q, 20, filter);
    expect(memory.stats().ready).toBe(true);
    expect(fromSql.length).toBeGreaterThan(0);
    same(fromMemory, fromSql);
  });

  it('ranks the same when searches run at once (each holds its own scratch arrays) and when repeated', async () => {
    const alone: IndexHit[][] = [];
    for (const { q, filter } of QUERIES) alone.push(await memory.search(q, 20, filter));
    const together = await Promise.all(QUERIES.map(({ q, filter }) => memory.search(q, 20, filter)));
    together.forEach((hits, i) => same(hits, alone[i]));
    const again = await Promise.all(QUERIES.map(({ q, filter }) => memory.search(q, 20, filter)));
    again.forEach((hits, i) => same(hits, alone[i]));
  });

  it('computes heading similarity the same way row by row and through the trigram index', async () => {
    const viaIndex = await MemoryKeywordIndex.open(s.sql, { directSimilarities: 0 });
    try {
      await viaIndex.whenReady();
      for (const { q, filter } of QUERIES.filter((x) => x.q.phrases.length)) same(await viaIndex.search(q, 10, filter), await memory.search(q, 10, filter));
    } finally {
      await viaIndex.close();
    }
  });

  it('follows inserts, re-saves, deletes, updates and truncation', async () => {
    const find = async (term: string) => (await memory.search({ terms: [term], phrases: [] }, 5)).map((h) => h.chunkId);
    await s.documents.save(doc('zz1'), [chunk('zz1', 0, 'A xylophone was stolen from the school')], []);
    expect(await find('xylophone')).toEqual(['zz1#0']);
    await s.documents.save(doc('zz1', { contentHash: 'v2' }), [chunk('zz1', 0, 'A zither was stolen instead')], []);
    expect(await find('xylophone')).toEqual([]);
    expect(await find('zither')).toEqual(['zz1#0']);
    await s.sql.query(`UPDATE {S}.chunks SET tsv = to_tsvector('english', 'a bassoon now') WHERE id = 'zz1#0'`);
    expect(await find('zither')).toEqual([]);
    expect(await find('bassoon')).toEqual(['zz1#0']);
    await s.documents.delete('zz1', []);
    expect(await find('bassoon')).toEqual([]);
    // A backlog longer than the inline limit is applied in the background; SQL answers meanwhile, the same way.
    const many = Array.from({ length: 30 }, (_, i) => chunk('zz2', i, `harmonium number ${i} recovered`));
    const small = await MemoryKeywordIndex.open(s.sql, { inlineChanges: 5 });
    try {
      await small.whenReady();
      await s.documents.save(doc('zz2'), many, []);
      expect(await small.search({ terms: ['harmonium'], phrases: [] }, 50)).toHaveLength(30);
      await small.whenReady();
      expect(await small.search({ terms: ['harmonium'], phrases: [] }, 50)).toHaveLength(30);
      const [{ n }] = await s.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM {S}.chunks`);
      expect(small.stats().chunks).toBe(n);
    } finally {
      await small.close();
    }
    same(await memory.search(QUERIES[0].q, 20), await sql.search(QUERIES[0].q, 20));
    await s.sql.query(`TRUNCATE {S}.chunks CASCADE`);
    expect(await memory.search({ terms: ['harmonium'], phrases: [] }, 5)).toEqual([]);
    await memory.whenReady();
    expect(memory.stats().chunks).toBe(0);
  });

  if (profile === 'services') {
    it('sees a write from an older transaction that commits after a younger one was applied (several connections)', async () => {
      const find = async (term: string) => (await memory.search({ terms: [term], phrases: [] }, 5)).map((h) => h.chunkId);
      await s.documents.save(doc('zz3'), [chunk('zz3', 0, 'first text'), chunk('zz3', 1, 'second text')], []);
      expect(await find('first')).toEqual(['zz3#0']);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const begun = new Promise<void>((resolve) => (started = resolve));
      // Transaction A takes its id first but writes, and commits, only after B's write was applied: a reader
      // that kept "the newest transaction applied" would skip it. (A writes after B commits because every chunk
      // write locks the chunk-count row of term_stats.)
      const a = s.sql.transaction(async (tx) => {
        await tx.query('SELECT pg_current_xact_id()');
        started();
        await gate;
        await tx.query(`UPDATE {S}.chunks SET tsv = to_tsvector('english', 'an oboe') WHERE id = 'zz3#0'`);
      });
      try {
        await begun;
        await s.sql.query(`UPDATE {S}.chunks SET tsv = to_tsvector('english', 'an ocarina') WHERE id = 'zz3#1'`);
        expect(await find('ocarina')).toEqual(['zz3#1']);
        expect(await find('oboe')).toEqual([]);
      } finally {
        release();
        await a;
      }
      expect(await find('oboe')).toEqual(['zz3#0']);
      expect(await find('first')).toEqual([]);
      await s.documents.delete('zz3', []);
    });
  }
});
