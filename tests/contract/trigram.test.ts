import { loadStatutes } from '../../src/seeds/statutes';
import { generateFirs } from '../../src/seeds/synthetic-fir';
import { minShared, Postings, type ChunkTerms } from '../../src/stores/keyword/postings';
import { TrigramRules, wordSimilarity } from '../../src/stores/keyword/trigram';
import type { Stores } from '../../src/stores/open-stores';
import { dropTestStores, openTestStores, describeEachProfile } from '../support/profiles';
import { DIMS } from './fixtures';

/**
 * pg_trgm's trigrams and word_similarity, computed in JavaScript, must equal the server's to the last bit:
 * the in-process keyword index adds 4 × word_similarity to a chunk's score and orders by it.
 */

/** Headings and phrases of every kind the index sees: statute titles, FIR titles in three scripts, odd input. */
function samples(): { headings: string[]; phrases: string[] } {
  const acts = loadStatutes().bareActDocuments().filter((_, i) => i % 25 === 0).map((d) => d.title);
  const firs = generateFirs(90, 3).flatMap((d) => [d.title, ...(d.parts ?? []).map((p) => `${d.title} — ${p.name}`)]);
  const odd = [
    'IPC s. 498-A Husband or relative of husband of a woman subjecting her to cruelty', 'ÄRGER straße Ñandú', 'u/s 302 r/w 34',
    'धारा ४२० भा.दं.सं.', 'કલમ ૩૭૯ ચોરી', 'a', 'ab', '', '  --  ', 'x'.repeat(300), 'ख़ून क़त्ल', 'Theft😀of phone', 'MiXeD CaSe',
  ];
  const phrases = [
    'punishment for murder', 'house breaking at night', 'theft', 'cheating', 'हत्या', 'हत्या के लिए दंड', 'चोरी', 'ચોરી',
    'गृह-भेदन', 'dowry death', 'murder', 'kidnapping of a minor girl', 'robbery', 'सजा', 'a', 'ÄRGER', 'phone', 'x'.repeat(40),
  ];
  return { headings: [...acts, ...firs, ...odd], phrases };
}

describeEachProfile('pg_trgm word_similarity in JavaScript (%s)', (profile) => {
  let s: Stores;
  let rules: TrigramRules;
  const { headings, phrases } = samples();

  beforeAll(async () => {
    s = await openTestStores(profile, DIMS);
    rules = await TrigramRules.open(s.sql);
    await rules.learn(s.sql, [...headings, ...phrases]);
  }, 120_000);
  afterAll(() => dropTestStores(s));

  it('learns the threshold and every character it was shown', () => {
    expect(rules.threshold).toBeCloseTo(0.6, 9);
    for (const t of [...headings, ...phrases]) expect(rules.knows(t)).toBe(true);
    expect(rules.knows('ক')).toBe(false);
  });

  it('makes the trigrams show_trgm shows', async () => {
    const rows = await s.sql.query<{ t: string; g: string[] }>(`SELECT t, show_trgm(t) AS g FROM unnest($1::text[]) AS t`, [headings]);
    expect(rows).toHaveLength(headings.length);
    for (const r of rows) {
      const ours = [...new Set(rules.sequence(r.t))].sort((a, b) => a - b);
      const theirs = r.g.map(toKey).sort((a, b) => a - b);
      expect({ t: r.t, keys: ours }).toEqual({ t: r.t, keys: theirs });
    }
  });

  it('computes word_similarity exactly, for every phrase against every heading', async () => {
    const rows = await s.sql.query<{ p: string; h: string; w: number }>(
      `SELECT p, h, word_similarity(p, h)::float8 AS w FROM unnest($1::text[]) AS p CROSS JOIN unnest($2::text[]) AS h`, [phrases, headings]);
    expect(rows).toHaveLength(phrases.length * headings.length);
    const seqs = new Map(headings.map((h) => [h, rules.sequence(h)]));
    let matched = 0;
    const wrong: string[] = [];
    for (const r of rows) {
      const ours = wordSimilarity({ keys: new Set(rules.sequence(r.p)) }, seqs.get(r.h)!);
      if (ours !== Number(r.w)) wrong.push(`${r.p} | ${r.h}: ${ours} vs ${r.w}`);
      if (Number(r.w) >= rules.threshold) matched++;
    }
    expect(wrong).toEqual([]);
    // The comparison means something only if it covers matches as well as misses.
    expect(matched).toBeGreaterThan(50);
  });

  it('finds through trigram postings exactly the headings <% finds, before and after compaction', async () => {
    const p = new Postings();
    const row = (id: string, heading: string): ChunkTerms => ({
      id, heading, document_id: id, document_type: 'FIR', language: 'en', district: null, date: null, section_id: null, sections: [], tsv: null,
    });
    for (const [i, h] of headings.entries()) p.add(row(`h${i}`, h), rules.sequence(h));
    // Every third chunk removed, then renumbered: matches must follow their chunks.
    for (let i = 0; i < headings.length; i += 3) p.remove(`h${i}`);
    const live = headings.map((h, i) => ({ h, id: `h${i}` })).filter((_, i) => i % 3);
    const expected = async () => {
      const rows = await s.sql.query<{ p: string; id: string; w: number }>(
        `SELECT p, l.id, word_similarity(p, l.h)::float8 AS w FROM unnest($1::text[]) AS p CROSS JOIN unnest($2::text[], $3::text[]) AS l(h, id) WHERE p <% l.h`,
        [phrases, live.map((x) => x.h), live.map((x) => x.id)]);
      return rows.map((r) => `${r.p}|${r.id}|${Number(r.w)}`).sort();
    };
    // The search's own path: trigram postings narrow to headings sharing enough trigrams, then each is computed.
    const ours = () => phrases.flatMap((ph) => {
      const q = { keys: new Set(rules.sequence(ph)) };
      const found: string[] = [];
      p.headingShared(q, minShared(q, rules.threshold), null, (slot) => {
        const g = p.headingSimilarity(q, slot);
        if (g >= rules.threshold) found.push(`${ph}|${p.chunk(slot).id}|${g}`);
      }, new Uint16Array(p.slotCount));
      return found;
    }).sort();
    const want = await expected();
    expect(want.length).toBeGreaterThan(20);
    expect(ours()).toEqual(want);
    p.compact();
    expect(ours()).toEqual(want);
  });
});

/** show_trgm's text for a trigram as its 24-bit value: printable ones as their bytes, hashed ones as 0x……. */
function toKey(g: string): number {
  if (/^0x[0-9a-f]{6}$/.test(g)) return parseInt(g.slice(2), 16);
  const b = new TextEncoder().encode(g.padStart(3, ' '));
  expect(b).toHaveLength(3);
  return (b[0] << 16) | (b[1] << 8) | b[2];
}
