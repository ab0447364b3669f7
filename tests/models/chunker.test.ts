import { chunkDocument } from '../../src/chunk/chunker';
import { Embedder } from '../../src/models/embedder';
import { EMBEDDING_MODEL, MODELS_DIR } from '../support/profiles';

// Token counts come from the real embedding tokenizer, as in production.
describe('structure-aware chunking', () => {
  let count: (t: string) => number;
  beforeAll(async () => {
    const e = await Embedder.load(EMBEDDING_MODEL, { modelsDir: MODELS_DIR, allowRemoteModels: false });
    count = (t) => e.countTokens(t);
  });

  const sentence = (i: number) => `Sentence number ${i} describes what the witness saw near the market on that night.`;

  it('chunks an FIR by its parts', () => {
    const chunks = chunkDocument({
      type: 'FIR', title: 'FIR 1', parts: [
        { name: 'complainant', text: 'Ravi Kumar, 34, Pune.' }, { name: 'incident', text: 'At 9 pm a man snatched her chain.' },
        { name: 'evidence', text: 'CCTV footage.' }, { name: 'accused', text: 'Unknown.' },
      ],
    }, count);
    expect(chunks.map((c) => c.sectionName)).toEqual(['complainant', 'incident', 'evidence', 'accused']);
    expect(chunks[1]).toMatchObject({ heading: 'FIR 1 — incident', chunkIndex: 0, totalChunks: 1, sectionId: null });
  });

  it('splits a long part into ~500-token windows with ~100 tokens of overlap, never mid-paragraph', () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => sentence(i));
    const chunks = chunkDocument({ type: 'FIR', title: 'FIR 2', parts: [{ name: 'incident', text: paragraphs.join('\n\n') }] }, count);
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) {
      expect(count(c.text)).toBeLessThanOrEqual(520);
      for (const p of c.text.split('\n\n')) expect(paragraphs).toContain(p);
    }
    const first = chunks[0].text.split('\n\n');
    const shared = chunks[1].text.split('\n\n').filter((p) => first.includes(p));
    expect(chunks[1].text.startsWith(shared.join('\n\n'))).toBe(true);
    const overlap = count(shared.join('\n\n'));
    expect(overlap).toBeGreaterThan(60);
    expect(overlap).toBeLessThanOrEqual(110);
    expect(chunks.map((c) => c.totalChunks)).toEqual(chunks.map(() => chunks.length));
  });

  it('keeps a bare-act section whole when short, and splits a long one at ~300 tokens with 10% overlap', () => {
    const short = chunkDocument({ type: 'BARE_ACT_SECTION', title: 'BNS 103', statute: { code: 'BNS', number: '103' },
      extra: { titleEn: 'Punishment for murder', titleHi: 'हत्या के लिए दण्ड' }, parts: [{ name: 'text', text: '(1) Whoever commits murder shall be punished.' }] }, count);
    expect(short).toEqual([{ sectionName: 'section', heading: 'BNS s. 103 Punishment for murder · हत्या के लिए दण्ड',
      text: '(1) Whoever commits murder shall be punished.', tokens: count('(1) Whoever commits murder shall be punished.'), chunkIndex: 0, totalChunks: 1, sectionId: 'BNS:103', citation: 'BNS s. 103(1)' }]);
    const long = chunkDocument({ type: 'BARE_ACT_SECTION', title: 'IPC 300', statute: { code: 'IPC', number: '300' },
      parts: [{ name: 'text', text: Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ') }] }, count);
    expect(long.length).toBeGreaterThan(2);
    long.forEach((c, i) => expect(c).toMatchObject({ sectionId: 'IPC:300', chunkIndex: i, totalChunks: long.length }));
    for (const c of long) expect(count(c.text)).toBeLessThanOrEqual(310);
    const firstOfSecond = long[1].text.split('\n\n')[0];
    expect(long[0].text).toContain(firstOfSecond);
  });

  it('keeps a long ruling paragraph whole up to 1000 tokens', () => {
    const para = Array.from({ length: 30 }, (_, i) => sentence(i)).join(' ');
    expect(count(para)).toBeGreaterThan(500);
    expect(count(para)).toBeLessThan(1000);
    const chunks = chunkDocument({ type: 'COURT_RULING', title: 'X v Y', parts: [{ name: 'judgment', text: `1. Facts.\n\n${para}\n\n3. Appeal dismissed.` }] }, count);
    expect(chunks.some((c) => c.text === para)).toBe(true);
  });

  it('splits a sentence longer than a window into word runs of at most the window, each counted as the tokenizer counts it', () => {
    // No sentence end anywhere (a Hindi or Gujarati section written without "।", a run-on complaint).
    const words = Array.from({ length: 700 }, (_, i) => ['चोरी', 'મોબાઇલ', 'accused', `No.${i}`, 'पुलिस'][i % 5]);
    const chunks = chunkDocument({ type: 'FIR', title: 'run-on', parts: [{ name: 'incident', text: words.join(' ') }] }, count);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      for (const run of c.text.split('\n\n')) expect(count(run)).toBeLessThanOrEqual(500);
      expect(c.tokens).toBe(c.text.split('\n\n').reduce((n, run) => n + count(run), 0));
    }
    // Nothing lost: every word is in some chunk, in order.
    const firstOfEach = chunks.map((c) => c.text.split('\n\n')).flat();
    expect([...new Set(firstOfEach)].join(' ').split(' ')).toEqual(words);
  });
});
