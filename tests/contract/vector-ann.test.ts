import type { Stores } from '../../src/stores/open-stores';
import { openStores } from '../../src/stores/open-stores';
import type { VectorItem } from '../../src/stores/store.types';
import { annShape } from '../../src/stores/vector/pgvector.ann';
import type { PgVectorIndex } from '../../src/stores/vector/pgvector.index';
import { dropTestStores, testConfig, uniqueNamespace } from '../support/profiles';

/**
 * The embedded dense index switches from an exact scan to IVFFlat past VECTOR_ANN_MIN_ROWS (lowered here so
 * a few hundred vectors cross it). Whatever path answers, results must obey the filter, come in score order,
 * and stay close to the exact answer; queries on named documents must stay exact.
 */
const DIMS = 32;

/** Deterministic vectors in 12 clusters, like embeddings of related passages. */
function corpus(n: number, offset = 0): { id: string; v: Float32Array; type: 'FIR' | 'COURT_RULING' }[] {
  let seed = 7 + offset;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) - 0.5;
  const centres = Array.from({ length: 12 }, (_, c) => Float32Array.from({ length: DIMS }, (_, i) => Math.sin((c + 1) * (i + 1))));
  return Array.from({ length: n }, (_, j) => {
    const i = j + offset;
    const v = Float32Array.from(centres[i % 12], (x) => x + rnd() * 0.8);
    const norm = Math.hypot(...v);
    return { id: `v${i}`, v: v.map((x) => x / norm), type: i % 20 === 3 ? 'COURT_RULING' : 'FIR' };
  });
}

const item = (x: ReturnType<typeof corpus>[number]): VectorItem => ({
  id: x.id, documentId: `d${x.id}`, embedding: x.v,
  metadata: { documentType: x.type, language: 'en', date: null, district: null, sectionId: null, sections: [] },
});

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);

describe('pgvector approximate index (embedded)', () => {
  let s: Stores;
  const all: ReturnType<typeof corpus> = [];
  const exact = (q: Float32Array, k: number, keep: (x: (typeof all)[number]) => boolean = () => true) =>
    all.filter(keep).map((x) => ({ id: x.id, score: cosine(q, x.v) })).sort((a, b) => b.score - a.score).slice(0, k).map((x) => x.id);
  const add = async (xs: ReturnType<typeof corpus>) => {
    all.push(...xs);
    await s.vector.replaceDocuments(xs.map((x) => ({ documentId: `d${x.id}`, items: [item(x)] })));
  };
  const indexed = async () =>
    (await s.sql.query(`SELECT 1 FROM pg_indexes WHERE schemaname = $1 AND indexname = 'vec_items_ann_idx'`, [s.namespace])).length === 1;
  const meta = async () =>
    (await s.sql.query<{ value: string }>(`SELECT value FROM {S}.meta WHERE key = 'vector_ann'`)).map((r) => JSON.parse(r.value));
  const queries = corpus(20, 5000).map((x) => x.v);

  beforeAll(async () => {
    s = await openStores(testConfig('embedded', { VECTOR_ANN_MIN_ROWS: '400' }), { namespace: uniqueNamespace('ann'), inMemory: true, dims: DIMS });
  });
  afterAll(() => dropTestStores(s));

  it('scans exactly below the threshold', async () => {
    await add(corpus(300));
    expect(await indexed()).toBe(false);
    for (const q of queries.slice(0, 5)) expect((await s.vector.query(q, 10)).map((h) => h.chunkId)).toEqual(exact(q, 10));
  });

  it('builds an IVFFlat index past the threshold and stays close to the exact answer', async () => {
    await add(corpus(300, 300));
    expect(await indexed()).toBe(true);
    expect(await meta()).toEqual([{ ...annShape(600), builtRows: 600 }]);
    let found = 0;
    for (const q of queries) {
      const hits = await s.vector.query(q, 10);
      expect(hits).toHaveLength(10);
      expect(hits.map((h) => h.score)).toEqual([...hits.map((h) => h.score)].sort((a, b) => b - a));
      const truth = exact(q, 10);
      found += hits.filter((h) => truth.includes(h.chunkId)).length;
      expect(hits[0].score).toBeCloseTo(cosine(q, all.find((x) => x.id === hits[0].chunkId)!.v), 4);
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.9);
    // What benchmarks measure recall against stays exact with the index in place.
    for (const q of queries.slice(0, 5)) expect(await (s.vector as PgVectorIndex).queryExact(q, 10)).toEqual(exact(q, 10));
  });

  it('keeps probing until a selective filter has k rows', async () => {
    const rulings = all.filter((x) => x.type === 'COURT_RULING').length;
    expect(rulings).toBe(30);
    let found = 0;
    for (const q of queries) {
      const hits = await s.vector.query(q, 10, { documentTypes: ['COURT_RULING'] });
      expect(hits).toHaveLength(10);
      expect(hits.every((h) => all.find((x) => x.id === h.chunkId)!.type === 'COURT_RULING')).toBe(true);
      const truth = exact(q, 10, (x) => x.type === 'COURT_RULING');
      found += hits.filter((h) => truth.includes(h.chunkId)).length;
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.9);
  });

  it('answers queries on named documents exactly', async () => {
    const docs = all.filter((_, i) => i % 7 === 0).map((x) => `d${x.id}`);
    for (const q of queries.slice(0, 5)) {
      const hits = await s.vector.query(q, 10, { documentIds: docs });
      expect(hits.map((h) => h.chunkId)).toEqual(exact(q, 10, (x) => docs.includes(`d${x.id}`)));
    }
  });

  it('rebuilds once the corpus has doubled, and forgets the index with the table', async () => {
    await add(corpus(500, 600));
    expect((await meta())[0].builtRows).toBe(600);
    await add(corpus(200, 1100));
    expect(await meta()).toEqual([{ ...annShape(1300), builtRows: 1300 }]);
    expect(await indexed()).toBe(true);
    await s.vector.drop();
    expect(await meta()).toEqual([]);
  });
});
