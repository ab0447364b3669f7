import { SqlKeywordIndex } from '../../src/stores/keyword/keyword.index';
import type { Stores } from '../../src/stores/open-stores';
import { migrate } from '../../src/stores/sql/migrate';
import { dropTestStores, openTestStores, describeEachProfile } from '../support/profiles';
import { chunk, doc, DIMS } from './fixtures';

/**
 * The keyword index reads document frequencies from term_stats, kept by triggers on chunks: whatever the
 * writes, the table must say what counting the chunks says, or IDF weights drift from the corpus.
 */
describeEachProfile('keyword term statistics (%s)', (profile) => {
  let s: Stores;
  beforeAll(async () => {
    s = await openTestStores(profile, DIMS);
  });
  afterAll(() => dropTestStores(s));

  /** term_stats rows that disagree with ts_stat over the chunks (zero counts left by deletes are fine). */
  const drift = async () =>
    s.sql.query<{ lexeme: string; df: number | null; ndoc: number | null }>(
      `WITH actual AS (SELECT word AS lexeme, ndoc FROM ts_stat('SELECT tsv FROM {S}.chunks')
                       UNION ALL SELECT '', count(*)::int FROM {S}.chunks)
       SELECT coalesce(t.lexeme, a.lexeme) AS lexeme, t.df, a.ndoc FROM {S}.term_stats t FULL JOIN actual a ON a.lexeme = t.lexeme
       WHERE coalesce(t.df, 0) <> coalesce(a.ndoc, 0)`);

  it('follows inserts, re-saves, deletes and cascades', async () => {
    await s.documents.save(doc('a'), [chunk('a', 0, 'The accused stole a motorcycle'), chunk('a', 1, 'The motorcycle was found')], []);
    await s.documents.save(doc('b'), [chunk('b', 0, 'A knife and a motorcycle were seized')], []);
    expect(await drift()).toEqual([]);
    const [{ df }] = await s.sql.query<{ df: number }>(`SELECT df FROM {S}.term_stats WHERE lexeme = 'motorcycl'`);
    expect(df).toBe(3);
    await s.documents.save(doc('a', { contentHash: 'hash-a2' }), [chunk('a', 0, 'Only a knife now')], []);
    expect(await drift()).toEqual([]);
    await s.documents.delete('b', []);
    expect(await drift()).toEqual([]);
    await s.sql.query(`UPDATE {S}.chunks SET tsv = to_tsvector('english', 'a bicycle instead') WHERE id = 'a#0'`);
    expect(await drift()).toEqual([]);
    expect((await s.keyword.search({ terms: ['bicycle'], phrases: [] }, 5)).map((h) => h.chunkId)).toEqual(['a#0']);
  });

  it('backfills a schema written before the statistics existed, once', async () => {
    await s.documents.save(doc('c'), [chunk('c', 0, 'Gold chain snatched near the temple')], []);
    for (const t of ['ins', 'del', 'upd', 'trunc']) await s.sql.query(`DROP TRIGGER chunks_term_stats_${t} ON {S}.chunks`);
    await s.sql.query(`DROP TABLE {S}.term_stats`);
    await s.sql.query(`DELETE FROM {S}.meta WHERE key = 'keyword_index'`);
    await s.documents.save(doc('d'), [chunk('d', 0, 'Chain snatching on the highway')], []);
    await migrate(s.sql);
    expect(await drift()).toEqual([]);
    await migrate(s.sql);
    await s.documents.save(doc('e'), [chunk('e', 0, 'Another chain')], []);
    expect(await drift()).toEqual([]);
    expect((await s.keyword.search({ terms: ['chain'], phrases: [] }, 5)).map((h) => h.chunkId).sort()).toEqual(['c#0', 'd#0', 'e#0']);
  });
});

/** The paths a large corpus takes, forced on a small one by lowering the limits; results must agree. */
describeEachProfile('keyword index cost limits (%s)', (profile) => {
  let s: Stores;
  beforeAll(async () => {
    s = await openTestStores(profile, DIMS);
    const texts = [
      'The accused snatched a gold chain near the temple and fled',
      'Gold chain snatching reported near the market',
      'The accused fled on a motorcycle',
      'A motorcycle was stolen near the temple',
      'The accused was arrested near the market',
      'Chain snatching by two accused on a motorcycle',
    ];
    for (const [i, t] of texts.entries()) {
      await s.documents.save(doc(`s${i}`), [chunk(`s${i}`, 0, t, { heading: i % 2 ? 'Chain snatching' : 'Theft of motorcycle' })], []);
    }
  });
  afterAll(() => dropTestStores(s));

  const q = { terms: ['accused', 'chain', 'snatching', 'motorcycle', 'gold'], phrases: ['chain snatching', 'motorcycle theft'] };
  const search = (tuning: ConstructorParameters<typeof SqlKeywordIndex>[1], k = 3, query = q) => new SqlKeywordIndex(s.sql, tuning).search(query, k);

  it('computes heading similarity the same way row by row and through the trigram index', async () => {
    const direct = await search({ directSimilarities: 1_000_000 });
    expect(direct).toHaveLength(3);
    expect(await search({ directSimilarities: 0 })).toEqual(direct);
    // The profile's own index (in memory when embedded) adds the same numbers in another order: equal to 1e-9.
    const own = await s.keyword.search(q, 6);
    const viaIndex = await search({ directSimilarities: 0 }, 6);
    expect(own.map((h) => h.chunkId)).toEqual(viaIndex.map((h) => h.chunkId));
    for (const [i, h] of own.entries()) expect(h.score).toBeCloseTo(viaIndex[i].score, 9);
  });

  it('with the common-terms cut-off, still ranks the candidates by every term', async () => {
    const words = { terms: q.terms, phrases: [] };
    const exact = await search({}, 6, words);
    const cut = await search({ exactPostings: 1 }, 6, words);
    // 'gold' (2 chunks) is the rarest term and alone chooses the candidates; the others only add to their score.
    expect(cut.map((h) => h.chunkId).sort()).toEqual(['s0#0', 's1#0']);
    for (const h of cut) expect(h.score).toBeCloseTo(exact.find((e) => e.chunkId === h.chunkId)!.score, 9);
  });
});
